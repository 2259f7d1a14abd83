package checker

import (
	"fmt"
	"go/types"
	"regexp"
	"strings"
)

// KindFieldType is a claim about the type a struct field is declared
// with: "declares `TypeName` as a `reflect.Type`", "the string fields
// `KeyName` and `Value`", "a field `mu` of type `sync.Mutex`".
const KindFieldType = "field_type"

var (
	// declaresAsRe gives a field its type: "declares `F` as a `T`",
	// "declares its `F` field as a `T`".
	declaresAsRe = regexp.MustCompile("\\bdeclares\\s+(?:its\\s+)?`([A-Za-z_]\\w*)`\\s+(?:field\\s+)?as\\s+(?:an?\\s+)?`([^`]+)`")
	// typedFieldsRe lists fields after their type: "the string fields
	// `A`, `B` and `C`", "its `error` field `Err`".
	typedFieldsRe = regexp.MustCompile("\\b(string|bool|int|int64|uint|float64|error|`[^`]+`)\\s+fields?\\s+((?:`[A-Za-z_]\\w*`(?:\\s*,\\s*|\\s+and\\s+|\\s*,\\s*and\\s+)?)+)")
	spanNameRe    = regexp.MustCompile("`([A-Za-z_]\\w*)`")
	// fieldOfIsRe names a field, the struct it is of, and says its type:
	// "the `D` field of `Span` is a `time.Duration`", a place of it
	// between ("of `Span` (span.go:12) is …").
	// "The `maxAge` field of `Cors` has type `time.Duration`", "the
	// `AllowOriginFunc` option has the type `func(…) bool`": the struct
	// may go unnamed (an option is a field of the options struct).
	fieldOfIsRe = regexp.MustCompile("`([A-Za-z_]\\w*)`\\s+(?:field|option)\\s+(?:of\\s+`([A-Za-z_]\\w*)`\\s+)?(?:\\([^()`]*\\)\\s+)?(?:is\\s+(?:an?\\s+)?|has\\s+(?:the\\s+)?type\\s+|is\\s+of\\s+type\\s+)`([^`]+)`")
	// fieldsOfAreRe lists fields of a struct, then says their type:
	// "the `major`, `minor` and `patch` fields of `Version` are declared
	// together as `uint64`", "the `D` and `E` fields of `Span` are
	// `int`s".
	fieldsOfAreRe = regexp.MustCompile("((?:`[A-Za-z_]\\w*`(?:\\s*,\\s*|\\s+and\\s+|\\s*,\\s*and\\s+))+`[A-Za-z_]\\w*`)\\s+fields\\s+of\\s+`([A-Za-z_]\\w*)`\\s+(?:\\([^()`]*\\)\\s+)?are\\s+(?:all\\s+)?(?:(?:declared|defined)\\s+(?:together\\s+)?as\\s+|of\\s+type\\s+)?(?:an?\\s+)?`([^`]+)`")
	// ofTypeProseRe is ofTypeRe written in words, with no code spans:
	// "a Hi field of type uint16", "the field mu, of type sync.Mutex".
	ofTypeProseRe = regexp.MustCompile(`\bfield\s+([A-Za-z_]\w*),?\s+(?:of\s+type|typed)\s+(` + proseTypePattern + `)|\b([A-Za-z_]\w*)\s+field,?\s+(?:of\s+type|typed)\s+(` + proseTypePattern + `)`)
	// ofTypeRe names a field, then its type: "a field `mu` of type
	// `sync.Mutex`", "its `done` field, of type `chan struct{}`", "the
	// field `groups`, a `[][]*rule`".
	ofTypeRe = regexp.MustCompile("\\bfield\\s+`([A-Za-z_]\\w*)`(?:,?\\s+(?:of\\s+type|typed)|,\\s+an?)\\s+`([^`]+)`|`([A-Za-z_]\\w*)`\\s+field,?\\s+(?:of\\s+type|typed)\\s+`([^`]+)`")
)

// isTypeSpanRe gives a quoted name a quoted type: "`Generation` is an
// `int64`", "`buckets`, a `map[uint64]Counts`".
var isTypeSpanRe = regexp.MustCompile("`([A-Za-z_]\\w*)`(?:\\s+is|,)\\s+an?\\s+`([^`]+)`")

// typeBeforePlaceRe starts the words after a quoted type that place it
// in a field named next: " in `g`".
var typeBeforePlaceRe = regexp.MustCompile("^\\s+(?:in|as)\\s+`")

// proseTypePattern is a Go type written in prose: a name, qualified or
// not, behind pointers, slices, arrays or a map, and no sentence's end.
const proseTypePattern = `\*?(?:\[\d*\]\*?)*(?:map\[[\w.*]+\])?[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)?`

// checkFieldTypes judges the type a sentence gives a field it names: when
// every module field of that name (of the struct the sentence names
// first, when it has one) is declared with another type, the claim is
// contradicted.
func (c *Checker) checkFieldTypes(prose string, claims []Claim, results []Result) []Result {
	judge := func(name, typ string, start, end int) {
		from, _ := sentenceAround(prose, start)
		lead := prose[from:start]
		if m := fieldOfIsRe.FindStringSubmatch(prose[start:end]); m != nil && m[2] != "" {
			lead = "`" + m[2] + "`" // "the `F` field of `T` is …" names its struct after it
		} else if m := fieldsOfAreRe.FindStringSubmatch(prose[start:end]); m != nil {
			lead = "`" + m[2] + "`"
		}
		fields := c.fieldsOfSentence(lead, claims, name)
		if len(fields) == 0 {
			return
		}
		for _, f := range fields {
			// func(origin string) bool is func(string) bool: names of
			// parameters aside.
			if sameTypeText(normalType(fieldTypeString(f)), normalType(strings.Trim(typ, "`"))) {
				return
			}
		}
		claim := Claim{Text: fmt.Sprintf("field %s is a %s", name, strings.Trim(typ, "`")), Kind: KindFieldType, start: start, end: end}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("field %s is declared %s", name, fieldTypeString(fields[0]))})
	}
	for _, m := range declaresAsRe.FindAllStringSubmatchIndex(prose, -1) {
		judge(prose[m[2]:m[3]], prose[m[4]:m[5]], m[0], m[1])
	}
	for _, m := range ofTypeRe.FindAllStringSubmatchIndex(prose, -1) {
		if m[2] >= 0 {
			judge(prose[m[2]:m[3]], prose[m[4]:m[5]], m[0], m[1])
		} else {
			judge(prose[m[6]:m[7]], prose[m[8]:m[9]], m[0], m[1])
		}
	}
	// The same in words: the prose with its code spans blanked out,
	// offsets kept; only a type Go or the module declares ("a struct
	// field of type Config" may be English).
	words := backtickRe.ReplaceAllStringFunc(prose, func(s string) string { return strings.Repeat(" ", len(s)) })
	for _, m := range ofTypeProseRe.FindAllStringSubmatchIndex(words, -1) {
		n, t := 2, 4
		if m[2] < 0 {
			n, t = 6, 8
		}
		if typ := prose[m[t]:m[t+1]]; c.namesType(typ) {
			judge(prose[m[n]:m[n+1]], typ, m[0], m[1])
		}
	}
	for _, m := range fieldOfIsRe.FindAllStringSubmatchIndex(prose, -1) {
		if typ := prose[m[6]:m[7]]; c.namesType(typ) {
			judge(prose[m[2]:m[3]], typ, m[0], m[1])
		}
	}
	for _, m := range fieldsOfAreRe.FindAllStringSubmatchIndex(prose, -1) {
		if typ := prose[m[6]:m[7]]; c.namesType(typ) {
			for _, n := range spanNameRe.FindAllStringSubmatch(prose[m[2]:m[3]], -1) {
				judge(n[1], typ, m[0], m[1])
			}
		}
	}
	// "`F` is an `int64`", "in `buckets`, a `map[uint64]Counts`": judged
	// only as a field of the struct the sentence names before it.
	for _, m := range isTypeSpanRe.FindAllStringSubmatchIndex(prose, -1) {
		name, typ := prose[m[2]:m[3]], prose[m[4]:m[5]]
		if !c.namesType(typ) || typeBeforePlaceRe.MatchString(prose[m[1]:]) {
			continue // "a `T` in `f`, a `U` in `g`": the list gives each type its field after it
		}
		from, _ := sentenceAround(prose, m[0])
		fields := c.structFieldsOfSentence(prose[from:m[0]], claims, name)
		if len(fields) == 0 || squeeze(fieldTypeString(fields[0])) == squeeze(typ) {
			continue
		}
		claim := Claim{Text: fmt.Sprintf("field %s is a %s", name, typ), Kind: KindFieldType, start: m[0], end: m[1]}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("field %s is declared %s", name, fieldTypeString(fields[0]))})
	}
	for _, m := range typedFieldsRe.FindAllStringSubmatchIndex(prose, -1) {
		for _, n := range spanNameRe.FindAllStringSubmatch(prose[m[4]:m[5]], -1) {
			judge(n[1], prose[m[2]:m[3]], m[0], m[1])
		}
	}
	return results
}

// fieldTypeString writes a field's type as its package's code would:
// a type of its own package unqualified, another package's by its name.
func fieldTypeString(f *types.Var) string {
	return types.TypeString(f.Type(), func(p *types.Package) string {
		if f.Pkg() != nil && p.Path() == f.Pkg().Path() {
			return ""
		}
		return p.Name()
	})
}

// namesType reports whether a span written as a field's type names one:
// a predeclared type, a type of the module or another package's
// the standard library declares ("time.Duration"), or a pointer, slice,
// array, map, channel or function type.
func (c *Checker) namesType(span string) bool {
	t := strings.TrimLeft(strings.TrimSpace(span), "*")
	for strings.HasPrefix(t, "[") && strings.Contains(t, "]") && strings.Trim(t[1:strings.Index(t, "]")], "0123456789") == "" {
		t = strings.TrimLeft(t[strings.Index(t, "]")+1:], "*") // a slice or an array
	}
	if strings.HasPrefix(t, "map[") || strings.HasPrefix(t, "chan ") || strings.HasPrefix(t, "func(") {
		return true
	}
	if _, ok := types.Universe.Lookup(t).(*types.TypeName); ok {
		return true
	}
	return stdType(t) || len(c.m.TypeNamed(t)) > 0
}
