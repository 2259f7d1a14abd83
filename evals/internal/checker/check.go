package checker

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/explainerr/explainerr/evals/internal/source"
	"github.com/explainerr/explainerr/internal/words"
)

// Verdicts of the checker.
const (
	// Verified: the claim holds in the module as stated.
	Verified = "verified"
	// Contradicted: the name exists, but the claim about it is wrong.
	Contradicted = "contradicted"
	// UnknownIdentifier: nothing of that name exists anywhere.
	UnknownIdentifier = "unknown_identifier"
	// Proposed: an unknown name the explanation introduces as new (a
	// helper it suggests adding); not counted as a fabrication.
	Proposed = "proposed"
	// Outside: a place in a package outside the module (a trace's
	// http/server.go:3842), which the checker does not read; not counted
	// as a fabrication.
	Outside = "outside"
)

// Result is one claim and its verdict.
type Result struct {
	Claim
	Verdict string `json:"verdict"`
	// Reason says what the lookup found.
	Reason string `json:"reason"`
}

// Fabricated reports whether the verdict counts as a fabrication.
func (r Result) Fabricated() bool {
	return r.Verdict == Contradicted || r.Verdict == UnknownIdentifier
}

// Checker looks claims up in a loaded module.
type Checker struct {
	m *source.Module

	textOnce sync.Once
	text     *codeText

	unbuiltOnce sync.Once
	unbuilt     map[string]*ast.File

	constOnce sync.Once
	// consts maps a string constant's value to its names.
	consts map[string][]string

	callsOnce sync.Once
	// calls maps a callee, as written, to the module's calls of it.
	calls map[string][]string

	initsOnce sync.Once
	// inits maps each package-level variable and constant to the
	// declaration that gives its value (packageInits).
	inits map[types.Object]ast.Node

	stringsOnce sync.Once
	// strs are the values of the module's string literals.
	strs []string

	// lits indexes the module's composite literals by type.
	lits literalIndex
}

// New returns a checker over m.
func New(m *source.Module) *Checker { return &Checker{m: m} }

// CheckText extracts the claims of an explanation and checks each.
func (c *Checker) CheckText(text string) []Result {
	claims := slices.DeleteFunc(Extract(text), func(cl Claim) bool {
		return cl.kinded && !c.declaresFuncOrType(cl.Text) // "the same type", "a helper function": English
	})
	// The prose, its fenced code blanked out so that offsets still hold.
	prose := fenceRe.ReplaceAllStringFunc(text, func(b string) string { return strings.Repeat(" ", len(b)) })
	for i := range claims {
		if claims[i].clausePlaced && c.placedByProse(prose, claims[i]) {
			claims[i].File, claims[i].Line = "", 0
		}
	}
	out := make([]Result, 0, len(claims))
	for _, cl := range claims {
		cl.scope = c.scopeFor(cl, claims)
		if cl.fromProse && cl.Kind == KindSelector && !c.knownHead(cl.Text, cl.scope) {
			continue // "e.g.", a host name: not a name of the code
		}
		if cl.Text == "_" {
			continue // the blank identifier, or the underscore character
		}
		r := c.Check(cl)
		if r.Verdict == UnknownIdentifier && exampleInput(prose, cl) {
			r.Verdict, r.Reason = Verified, "an example of input the sentence gives (\"a line `…`\"), not a name of the code"
		} else if r.Verdict == UnknownIdentifier && c.usageExample(prose, cl) {
			r.Verdict, r.Reason = Verified, "an argument of a call the sentence gives as a caller's use of the module's function, not a name of the code"
		} else if r.Verdict == UnknownIdentifier && cl.Kind == KindIdentifier && c.exampleArgument(prose, cl.Text) {
			r.Verdict, r.Reason = Verified, "a variable of a call the sentence writes as an example of the module's functions, not a name of the code"
		} else if r.Verdict == UnknownIdentifier && cl.Kind == KindIdentifier && enumeratedExample(claims, cl.Text) {
			r.Verdict, r.Reason = Verified, "one of a numbered sequence the sentence gives as example values (`ids0`, `ids1`), not a name of the code"
		} else if r.Verdict == UnknownIdentifier && c.commentedDecl(prose, cl) {
			r.Verdict, r.Reason = Verified, "a name the sentence says is commented out, which a comment of the module declares"
		} else if r.Verdict == UnknownIdentifier && negatedStdName(prose, cl) {
			r.Verdict, r.Reason = Verified, "a standard-library name the sentence says the code does not use"
		} else if r.Verdict == UnknownIdentifier && (cl.Kind == KindSelector || cl.Kind == KindCall) && stdType(cl.Text) {
			r.Verdict, r.Reason = Verified, "a type the standard library declares, of a package the module does not import"
		} else if r.Verdict == UnknownIdentifier && (cl.Kind == KindSelector || cl.Kind == KindCall) && stdMember(cl.Text) {
			if file := c.importsOutsideBuild(strings.Split(normalizeSelector(cl.Text), ".")[0]); file != "" {
				r.Verdict, r.Reason = Verified, "a name the standard library declares, of a package "+file+" imports (a file this build leaves out)"
			}
		}
		if r.Verdict == Contradicted && cl.Kind == KindCall && !firstOfClause(prose, claims, slices.IndexFunc(claims, func(o Claim) bool { return o.start == cl.start })) {
			if span := c.clauseSpanAtLine(prose, cl); span != "" {
				// "`string(b), err` from `id.MarshalText()` at
				// id.go:317": the line is the other span's.
				r.Verdict, r.Reason = Verified, fmt.Sprintf("%s:%d holds %s, which the clause names beside %s", cl.File, cl.Line, span, cl.Text)
			}
		}
		out = append(out, r)
	}
	out = c.checkSignatureProse(prose, claims, c.checkResultTypes(prose, claims, c.checkReceiverProse(prose, claims, out)))
	out = c.checkUses(prose, claims, c.checkComparedBounds(prose, claims, c.checkFieldTypes(prose, claims, c.checkQuotedComparisons(prose, claims, c.checkPlacedCalls(prose, claims, c.checkDeclaredAs(prose, claims, c.checkCitedLines(prose, claims, out)))))))
	return c.checkMethodCounts(prose, claims, c.checkDeclaredTypes(prose, claims, c.checkFuncIndexes(prose, claims, c.checkListedStrings(prose, claims, c.checkAssignOperators(prose, claims, c.checkOperators(prose, claims, c.checkRuneArguments(prose, claims, c.checkFlags(prose, c.checkStatedFacts(prose, claims, out)))))))))
}

// checkStatedFacts judges what the prose states about a function or a
// variable beyond the names it uses: what a function returns (an error,
// values, result types), the number or flag it sets a field to or leaves
// it at, the order of two of its steps, the variable it keeps a value in,
// and the message an error variable carries.
func (c *Checker) checkStatedFacts(prose string, claims []Claim, out []Result) []Result {
	for _, check := range statedFactChecks {
		out = check(c, prose, claims, out)
	}
	return out
}

// factCheck is one check of checkStatedFacts: it appends its verdicts on
// what the prose states to results.
type factCheck func(c *Checker, prose string, claims []Claim, results []Result) []Result

// statedFactChecks are the checks of checkStatedFacts, in the order they
// run.
var statedFactChecks = []factCheck{
	(*Checker).checkReturns,
	(*Checker).checkComparedAtLines,
	(*Checker).checkNumbersAtLines,
	(*Checker).checkTypeDeclared,
	(*Checker).checkQuotedFormats,
	(*Checker).checkWhenOtherwise,
	(*Checker).checkResultTuples,
	(*Checker).checkSetValues,
	(*Checker).checkOrder,
	(*Checker).checkKeptIn,
	(*Checker).checkStoredIn,
	(*Checker).checkConstValues,
	(*Checker).checkVarInits,
	(*Checker).checkVarTypes,
	(*Checker).checkImportPaths,
	// The quoted calls and strings are read from the code spans of the
	// prose, whatever claims were extracted.
	func(c *Checker, prose string, _ []Claim, results []Result) []Result {
		return c.checkQuotedCalls(prose, results)
	},
	func(c *Checker, prose string, _ []Claim, results []Result) []Result {
		return c.checkQuotedStrings(prose, results)
	},
	(*Checker).checkQuotedLiterals,
	(*Checker).checkCitedMessages,
	(*Checker).checkLiteralKeys,
	(*Checker).checkLiteralLeftOut,
	(*Checker).checkFieldCase,
	(*Checker).checkListedSelectors,
	(*Checker).checkWriteOrder,
	(*Checker).checkSoleConditions,
	(*Checker).checkFuncFields,
	(*Checker).checkInterfaceMethods,
	(*Checker).checkTrueWhen,
	(*Checker).checkQuotedOrder,
	(*Checker).checkAddsTo,
	(*Checker).checkLoopOrder,
	(*Checker).checkLoopExit,
	(*Checker).checkProseStatus,
	(*Checker).checkStraightAway,
	(*Checker).checkNilUnchecked,
	(*Checker).checkAlgorithms,
	(*Checker).checkMethodAbsent,
	(*Checker).checkWithoutCall,
	(*Checker).checkBranchEffects,
	(*Checker).checkAcceptedSets,
	(*Checker).checkMessages,
	(*Checker).checkSaidCode,
	(*Checker).checkSaidLiterals,
	(*Checker).checkEmbeds,
	(*Checker).checkDeclaredIn,
	(*Checker).checkConditionDirection,
	(*Checker).checkCitedFlag,
	(*Checker).checkRangedOver,
	(*Checker).checkResultKinds,
	(*Checker).checkStoreLines,
	(*Checker).checkUnchangedReturns,
	(*Checker).checkDeferredUnlock,
	(*Checker).checkUntestedConditions,
	(*Checker).checkThresholds,
	(*Checker).checkFieldPointers,
	(*Checker).checkCallArguments,
	(*Checker).checkVarInitials,
	(*Checker).checkParamSaid,
	(*Checker).checkParamsOnly,
	(*Checker).checkSideEffects,
	(*Checker).checkFuncComparisons,
	(*Checker).checkNilBranchCalls,
	(*Checker).checkReturnedConsts,
	(*Checker).checkOnlyEffects,
	(*Checker).checkFuncCallArgs,
	(*Checker).checkUnmadeCalls,
	(*Checker).checkReturnedValues,
	(*Checker).checkFuncExpressions,
	(*Checker).checkLineValues,
	(*Checker).checkFirstThenCalls,
	(*Checker).checkSwappedBranches,
	(*Checker).checkProseStrings,
	(*Checker).checkReturnedUnder,
	(*Checker).checkTableEntries,
	(*Checker).checkScannedInto,
	(*Checker).checkLocalDefaults,
	(*Checker).checkPredicateBranches,
	(*Checker).checkUnguardedReturns,
	(*Checker).checkBareSignatures,
	(*Checker).checkStructFields,
	(*Checker).checkMethodOn,
}

// Check returns the verdict on one claim.
func (c *Checker) Check(cl Claim) Result {
	v, reason := c.check(cl)
	if v == Verified && cl.value != "" {
		if cv, creason, ok := c.checkValue(cl); ok {
			v, reason = cv, creason
		}
	}
	if v == UnknownIdentifier && (cl.Proposed || cl.InCode && cl.Kind == KindSignature) {
		v, reason = Proposed, "a new name the explanation proposes: "+reason
	}
	return Result{Claim: cl, Verdict: v, Reason: reason}
}

func (c *Checker) check(cl Claim) (string, string) {
	switch cl.Kind {
	case KindFile:
		return c.checkFile(cl.Text, 0)
	case KindFileLine:
		f, line := splitFileLine(cl.Text)
		return c.checkFile(f, line)
	case KindIdentifier:
		return c.placed(cl, c.checkName(cl.Text))
	case KindSelector:
		if cl.literalField {
			return c.placed(cl, c.checkLiteralField(cl.Text, cl.scope))
		}
		return c.placed(cl, c.checkSelector(cl.Text, cl.scope))
	case KindCall:
		return c.placed(cl, c.checkCall(cl.Text, cl.scope))
	case KindSignature:
		return c.placed(cl, c.checkSignature(cl.Text))
	case KindField:
		if at := c.quotedIn(cl.Text); at != "" {
			// Two words quoted from a string ("`Bad Host`"), not a field.
			return Verified, cl.Text + " appears as a string at " + at
		}
		if mm := fieldSpanRe.FindStringSubmatch(cl.Text); mm != nil && !looksLikeType(mm[2]) && len(c.m.TypeNamed(mm[2])) == 0 {
			// Two words ("`make test`"), the second no type of the
			// module's: not a field claim.
			return Verified, mm[2] + " names no type: not a claim about a field"
		}
		return c.checkField(cl.Text, cl.scope)
	case KindTemplate:
		return c.checkTemplate(cl.Text)
	case KindBuild:
		return c.checkBuild(cl.Text)
	}
	return UnknownIdentifier, "unknown claim kind " + cl.Kind
}

type verdict struct {
	v, reason string
	// funcs are the module functions the claim resolved to, for placing.
	funcs []*source.Func
}

// placed applies a claim's file and line, if it has them, to the functions
// it resolved to: the line must fall inside one of them (in the file, or
// in any file for a line written without one: "`Add` panics at line 40"),
// or be a line where the name is used (a call site). A name that is not a
// function must occur in the file, near the line when one is given.
func (c *Checker) placed(cl Claim, res verdict) (string, string) {
	if res.v != Verified || cl.File == "" && cl.Line == 0 {
		return res.v, res.reason
	}
	files := c.m.FindFile(cl.File)
	if cl.File == "" {
		files = sortedFiles(c.m)
	} else if len(files) == 0 {
		return UnknownIdentifier, fmt.Sprintf("%s exists, but there is no file %s", cl.Text, cl.File)
	}
	where := cl.File
	if where == "" {
		where = "any file"
	}
	if cl.clausePlaced && (len(res.funcs) == 0 || cl.Kind == KindIdentifier && c.packageValue(cl.Text)) {
		// The line is the clause's: checkCitedLines judges whether it holds
		// any of what the clause names. A name that is also a package's
		// constant or variable ("returns `Stop` when … (f.go:27)", where
		// methods are called Stop too) may be that value, which a line
		// need not fall inside.
		return res.v, res.reason
	}
	if len(res.funcs) == 0 {
		// A name that is not a function: it must at least be declared or
		// used in that file, near the line when one is given.
		name := lastName(cl.Text)
		if q := c.packageQualified(cl); q != "" && cl.Line > 0 {
			name = q // "http.NotFound" is not "r.NotFound"
		}
		if at := c.usedNear(files, name, cl.Line); at != "" {
			if reason, wrong := c.quotedOtherwise(cl, files); wrong {
				return Contradicted, reason
			}
			return Verified, fmt.Sprintf("%s appears at %s", name, at)
		}
		if cl.Line > 0 {
			return Contradicted, fmt.Sprintf("%s does not appear near line %d of %s", name, cl.Line, where)
		}
		return Contradicted, fmt.Sprintf("%s does not appear in %s", name, cl.File)
	}
	var spots []string
	for _, sp := range c.spans(res.funcs, lastName(cl.Text), c.namedReceiver(cl.Text)) {
		for _, f := range files {
			if sp.file != f {
				continue
			}
			if cl.Line == 0 || sp.start <= cl.Line && cl.Line <= sp.end {
				return Verified, fmt.Sprintf("%s is declared in %s:%d-%d", cl.Text, sp.file, sp.start, sp.end)
			}
		}
		spots = append(spots, fmt.Sprintf("%s:%d-%d", sp.file, sp.start, sp.end))
	}
	if cl.Line > 0 {
		// A line may also be where the function is called or named: "the
		// call `s.render(...)` at handlers.go:18".
		if at := c.usedNear(files, lastName(cl.Text), cl.Line); at != "" {
			if reason, wrong := c.quotedOtherwise(cl, files); wrong {
				return Contradicted, reason
			}
			return Verified, fmt.Sprintf("%s is used at %s", lastName(cl.Text), at)
		}
		if reason, ok := c.namedAround(files, lastName(cl.Text), cl.Line); ok {
			return Verified, reason
		}
	}
	if cl.Line > 0 && cl.File == "" {
		return Contradicted, fmt.Sprintf("line %d is not inside %s (declared at %s)", cl.Line, cl.Text, strings.Join(spots, ", "))
	}
	if cl.Line > 0 {
		return Contradicted, fmt.Sprintf("%s:%d is not inside %s (declared at %s)", cl.File, cl.Line, cl.Text, strings.Join(spots, ", "))
	}
	if at := c.declaresFunc(files, lastName(cl.Text)); at != "" {
		// A file for another platform (env_tomap_windows.go) declares
		// the same function: the one the build for this one does not
		// hold.
		return Verified, fmt.Sprintf("%s is declared at %s", cl.Text, at)
	}
	return Contradicted, fmt.Sprintf("%s is not declared in %s but at %s", cl.Text, cl.File, strings.Join(spots, ", "))
}

// declaresFunc returns the file and line of files where a function or
// method named name is declared, read from their text; "" when none is.
func (c *Checker) declaresFunc(files []string, name string) string {
	decl := regexp.MustCompile(`^func\s+(?:\([^)]*\)\s*)?` + regexp.QuoteMeta(name) + `\s*[\[(]`)
	for _, f := range files {
		for i, l := range c.views().code[f] {
			if decl.MatchString(l) {
				return fmt.Sprintf("%s:%d", f, i+1)
			}
		}
	}
	return ""
}

// usedNear returns the first place in files where name occurs as code in
// the statement at line (anywhere when line is 0), as "file:line", or "".
// A statement over several lines counts whole: a trace names the line a
// call starts on.
func (c *Checker) usedNear(files []string, name string, line int) string {
	for _, f := range files {
		lines := c.views().code[f]
		from, to := 0, len(lines)
		if line > 0 {
			first, last := c.statementLines(f, line)
			from, to = max(0, first-1), min(len(lines), last)
		}
		for i := from; i < to; i++ {
			if containsIdent(lines[i], name) {
				return fmt.Sprintf("%s:%d", f, i+1)
			}
		}
	}
	return ""
}

type span struct {
	file       string
	start, end int
}

// spans are where a resolved claim is declared: the functions it resolved
// to, and every other module object of its name (a field, a type). A
// method named with its type ("`Gob.Encode`", "`(*Gob).Encode`", recv
// "Gob") is not declared where another type's method of that name is.
func (c *Checker) spans(funcs []*source.Func, name, recv string) []span {
	var out []span
	seen := map[token.Pos]bool{}
	for _, f := range funcs {
		out = append(out, span{f.File, f.StartLine, f.EndLine})
		if f.Obj != nil {
			seen[f.Obj.Pos()] = true
		}
	}
	for _, o := range c.m.Objects[name] {
		if seen[o.Pos()] || !o.Pos().IsValid() {
			continue
		}
		pos := c.m.Fset.Position(o.Pos())
		if fn, ok := o.(*types.Func); ok {
			if recv != "" && otherReceiver(fn, recv) {
				continue
			}
			if g := c.moduleFunc(fn); len(g) > 0 {
				out = append(out, span{g[0].File, g[0].StartLine, g[0].EndLine})
				continue
			}
		}
		out = append(out, span{c.m.Rel(pos.Filename), pos.Line, pos.Line})
	}
	return out
}

// outsidePackage returns the import path of the package outside the
// module that a file's directory names ("http/server.go" of net/http):
// one the module imports, or the runtime, which every trace passes
// through.
func (c *Checker) outsidePackage(file string) (string, bool) {
	dir := path.Base(path.Dir(strings.ReplaceAll(file, "\\", "/")))
	if dir == "." || dir == "/" {
		return "", false
	}
	if dir == "runtime" {
		return "runtime", true
	}
	for _, p := range c.m.Imported[dir] {
		if own := c.m.Path; own == "" || p.Path() != own && !strings.HasPrefix(p.Path(), own+"/") {
			return p.Path(), true
		}
	}
	return "", false
}

func (c *Checker) checkFile(file string, line int) (string, string) {
	files := c.m.FindFile(file)
	if len(files) == 0 {
		if at := c.quotedIn(path.Base(file)); at != "" && line == 0 {
			return Verified, "no such file, but the code names it at " + at + " (a quoted name, such as a mistyped template)"
		}
		if pkg, ok := c.outsidePackage(file); ok {
			return Outside, file + " is a file of " + pkg + ", outside the module"
		}
		return UnknownIdentifier, "no file " + file + " in the module"
	}
	if line == 0 {
		return Verified, "the module has " + strings.Join(files, ", ")
	}
	for _, f := range files {
		if line >= 1 && line <= c.m.LineCount(f) {
			return Verified, fmt.Sprintf("%s has a line %d", f, line)
		}
	}
	return Contradicted, fmt.Sprintf("%s has only %d lines", files[0], c.m.LineCount(files[0]))
}

// checkName looks a bare name up everywhere.
func (c *Checker) checkName(name string) verdict {
	if c.m.Exists(name) {
		return verdict{v: Verified, reason: name + " is declared", funcs: c.m.FuncsNamed(name)}
	}
	if c.m.TemplateField(name) {
		return verdict{v: Verified, reason: name + " is used in a template"}
	}
	if at := c.textIn(name); at != "" {
		return verdict{v: Verified, reason: name + " appears as text at " + at + " (a SQL name, route parameter or string)"}
	}
	if ks := c.constantsValued(name); len(ks) > 0 {
		return verdict{v: Verified, reason: name + " is the value of " + strings.Join(ks, ", ")}
	}
	if file := c.declaredOutsideBuild(name); file != "" {
		return verdict{v: Verified, reason: name + " is declared in " + file + ", a file this build leaves out"}
	}
	if table, column, ok := c.madeConstraintName(name); ok {
		return verdict{v: Verified, reason: name + " is the name PostgreSQL gives a constraint of " + table + "." + column + ", both in the module's SQL"}
	}
	return verdict{v: UnknownIdentifier, reason: "nothing called " + name + " exists in the module or its imports"}
}

// constraintNameRe is a name PostgreSQL makes for a constraint the
// schema does not name: table, column, and a suffix for its kind.
var constraintNameRe = regexp.MustCompile(`^([a-z][a-z0-9_]*?)_([a-z][a-z0-9_]*)_(key|pkey|fkey|check|excl|idx)$`)

// madeConstraintName reports whether name is one PostgreSQL makes from a
// table and a column ("subscribers_email_key") that the module's SQL
// text names: an error quotes it, the code never writes it.
func (c *Checker) madeConstraintName(name string) (table, column string, ok bool) {
	mm := constraintNameRe.FindStringSubmatch(name)
	if mm == nil {
		return "", "", false
	}
	// The table's name may hold "_" too: each split is tried.
	parts := strings.Split(mm[1]+"_"+mm[2], "_")
	for i := 1; i < len(parts); i++ {
		table, column = strings.Join(parts[:i], "_"), strings.Join(parts[i:], "_")
		if c.textIn(table) != "" && c.textIn(column) != "" {
			return table, column, true
		}
	}
	return "", "", false
}

// normalizeSelector turns "(*Store).Get" into "Store.Get".
func normalizeSelector(s string) string {
	s = closureSuffix.ReplaceAllString(strings.TrimSpace(s), "")
	if strings.HasPrefix(s, "(") {
		if i := strings.Index(s, ")"); i > 0 {
			s = strings.Trim(s[1:i], "*") + s[i+1:]
		}
	}
	return s
}

func lastName(s string) string {
	s = normalizeSelector(s)
	if i := strings.Index(s, "("); i >= 0 {
		s = s[:i]
	}
	if strings.HasPrefix(s, "func") {
		return s
	}
	if i := strings.LastIndex(s, "."); i >= 0 {
		return s[i+1:]
	}
	return s
}

var (
	identCharRe = regexp.MustCompile(`[A-Za-z0-9_]`)
	// closureSuffix is the ".func1" (or "-fm") the runtime appends to the
	// names of closures and method values.
	closureSuffix = regexp.MustCompile(`(?:\.func\d+)+$|-fm$`)
)

// textIn returns the first module file line where every name of names
// occurs as a whole word in quoted text (a Go string literal, SQL, a
// template action or attribute value; never a comment), as "file:line", or
// "".
func (c *Checker) textIn(names ...string) string {
	quoted := c.views().quoted
	for _, rel := range sortedFiles(c.m) {
		for i, line := range quoted[rel] {
			all := true
			for _, n := range names {
				if !containsIdent(line, n) {
					all = false
					break
				}
			}
			if all {
				return fmt.Sprintf("%s:%d", rel, i+1)
			}
		}
	}
	return ""
}

// quotedIn returns the first module line that holds s in quotes outside a
// comment, as "file:line", or "".
func (c *Checker) quotedIn(s string) string {
	code := c.views().code
	for _, rel := range sortedFiles(c.m) {
		for i, line := range code[rel] {
			if strings.Contains(line, `"`+s+`"`) || strings.Contains(line, `"templates/`+s+`"`) {
				return fmt.Sprintf("%s:%d", rel, i+1)
			}
		}
	}
	return ""
}

func sortedFiles(m *source.Module) []string {
	out := make([]string, 0, len(m.Files))
	for k := range m.Files {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// containsIdent reports whether line holds name as a whole word.
func containsIdent(line, name string) bool { return words.Contains(line, name) }

// checkSelector resolves "X.Y.Z": X a package, a type or a variable, then
// each following name a member of what came before.
func (c *Checker) checkSelector(sel string, scope []*source.Func) verdict {
	parts := strings.Split(normalizeSelector(sel), ".")
	head := parts[0]
	if len(parts) == 1 {
		return c.checkName(head)
	}
	local := localObjects(scope, head)
	if len(local) > 0 && len(c.packagesNamed(head)) > 0 {
		// A variable of the function the text speaks of, or the package it
		// shadows there ("url, err := url.ParseQuery(raw)").
		if res := c.resolveMembers(parts, 1, typesOf(local), nil); res.v == Verified {
			return res
		}
		return c.packageSelector(parts)
	}
	if len(c.packagesNamed(head)) > 0 && len(c.m.TypeNamed(head)) == 0 && len(local) == 0 {
		// A package: its member first, then members of that.
		res := c.packageSelector(parts)
		if res.v != Verified {
			// A local variable may shadow the package ("url, err :=
			// url.ParseQuery(raw)"; "`url.Get`").
			if vars := c.variablesNamed(head); len(vars) > 0 {
				if alt := c.resolveMembers(parts, 1, vars, nil); alt.v == Verified {
					return alt
				}
			}
		}
		return res
	}
	objs := append(append([]types.Object{}, c.m.Objects[head]...), c.implicitObjects(head)...)
	if len(local) > 0 {
		objs = local // the variable of the function the text speaks of
	}
	if len(objs) == 0 {
		if c.m.Exists(head) {
			return verdict{v: Verified, reason: head + " is declared outside the module's own code"}
		}
		if at := c.textIn(parts...); at != "" {
			return verdict{v: Verified, reason: sel + " appears as text at " + at + " (a SQL name or a string)"}
		}
		return verdict{v: UnknownIdentifier, reason: "nothing called " + head + " exists in the module or its imports"}
	}
	var cur []types.Type
	for _, o := range objs {
		cur = append(cur, o.Type())
	}
	res := c.resolveMembers(parts, 1, cur, nil)
	if res.v != Verified && len(c.m.TypeNamed(head)) == 0 {
		// A variable head may be a SQL alias or a name in a string
		// ("p.content" in a query): quoted code counts.
		if at := c.textIn(parts...); at != "" {
			return verdict{v: Verified, reason: sel + " appears as text at " + at + " (a SQL name or a string)"}
		}
	}
	return res
}

// resolveMembers resolves parts[start:] as successive members of the types
// in cur.
func (c *Checker) resolveMembers(parts []string, start int, cur []types.Type, funcs []*source.Func) verdict {
	for i := start; i < len(parts); i++ {
		name := parts[i]
		var next []types.Type
		var nextFuncs []*source.Func
		for _, t := range cur {
			obj := lookupMember(t, name)
			if obj == nil {
				continue
			}
			next = append(next, obj.Type())
			if f, ok := obj.(*types.Func); ok {
				nextFuncs = append(nextFuncs, c.moduleFunc(f)...)
			}
		}
		if len(next) == 0 {
			// A json tag may hold dots ("privacy.exportable"), and an
			// error's path writes it whole.
			for j := len(parts); j > i+1 && len(next) == 0; j-- {
				for _, t := range cur {
					if obj := jsonTagged(t, strings.Join(parts[i:j], ".")); obj != nil {
						next = append(next, obj.Type())
					}
				}
				if len(next) > 0 {
					i = j - 1
				}
			}
		}
		if len(next) == 0 {
			return c.missing(name, strings.Join(parts[:i], "."))
		}
		cur, funcs = next, nextFuncs
	}
	return verdict{v: Verified, reason: strings.Join(parts, ".") + " resolves", funcs: funcs}
}

func namedOf(t types.Type) *types.Named {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := t.(*types.Named)
	return n
}

// missing is the verdict on a member that is not where the claim puts it.
func (c *Checker) missing(name, where string) verdict {
	if c.m.Exists(name) || c.m.TemplateField(name) {
		return verdict{v: Contradicted, reason: fmt.Sprintf("%s exists, but not as a member of %s", name, where)}
	}
	return verdict{v: UnknownIdentifier, reason: fmt.Sprintf("nothing called %s exists (looked for it in %s)", name, where)}
}

// moduleFunc returns the module declaration of f, if it is one.
func (c *Checker) moduleFunc(f *types.Func) []*source.Func {
	var out []*source.Func
	for _, g := range c.m.Funcs {
		if g.Obj == f || g.Obj == f.Origin() {
			out = append(out, g)
		}
	}
	return out
}

// checkCall resolves the callee and, when the call lists arguments,
// compares their number with the parameters.
func (c *Checker) checkCall(call string, scope []*source.Func) verdict {
	mm := callSpanRe.FindStringSubmatch(strings.TrimSpace(call))
	if mm == nil {
		return verdict{v: UnknownIdentifier, reason: "not a call: " + call}
	}
	callee, args := mm[1], strings.TrimSpace(mm[2])
	if types.Universe.Lookup(callee) != nil {
		return verdict{v: Verified, reason: callee + " is predeclared"}
	}
	var res verdict
	var sigs []*types.Signature
	if strings.Contains(callee, ".") {
		res = c.checkSelector(callee, scope)
		for _, f := range res.funcs {
			if f.Obj != nil {
				sigs = append(sigs, f.Obj.Type().(*types.Signature))
			}
		}
		if res.v == Verified && len(res.funcs) == 0 {
			sigs = c.signaturesOf(callee, scope)
		}
	} else {
		res = c.checkName(callee)
		for _, f := range res.funcs {
			if f.Obj != nil {
				sigs = append(sigs, f.Obj.Type().(*types.Signature))
			}
		}
	}
	if res.v != Verified || args == "" || strings.Contains(args, "...") || strings.Contains(args, "…") || len(sigs) == 0 {
		return res
	}
	if claimed, ok := namedParams(args); ok && len(res.funcs) > 0 {
		if reason := paramTypesDiffer(callee, claimed, res.funcs); reason != "" {
			return verdict{v: Contradicted, reason: reason}
		}
		return res
	}
	if multiValueArg(args) {
		return res // f(g()): g may give every argument
	}
	n := countArgs(args)
	for _, s := range sigs {
		p := s.Params().Len()
		if n == p || s.Variadic() && n >= p-1 {
			return res
		}
	}
	return verdict{v: Contradicted, reason: fmt.Sprintf("%s takes %s, not %d argument(s)", callee, paramCounts(sigs), n)}
}

// signaturesOf returns the signatures of the functions or methods a
// selector outside the module's own declarations resolves to: a package
// function ("strconv.Atoi"), or a method reached through a package
// variable or a variable of the text's functions
// ("base64.RawStdEncoding.Encode").
func (c *Checker) signaturesOf(callee string, scope []*source.Func) []*types.Signature {
	parts := strings.Split(normalizeSelector(callee), ".")
	cur, start := c.headTypes(parts, scope)
	var out []*types.Signature
	for _, t := range memberTypes(cur, parts[start:]) {
		if sig, ok := t.(*types.Signature); ok {
			out = append(out, sig)
		}
	}
	return out
}

func paramCounts(sigs []*types.Signature) string {
	var parts []string
	seen := map[int]bool{}
	for _, s := range sigs {
		if !seen[s.Params().Len()] {
			seen[s.Params().Len()] = true
			parts = append(parts, fmt.Sprint(s.Params().Len()))
		}
	}
	return strings.Join(parts, " or ") + " parameter(s)"
}

// multiValueArg reports whether the arguments are one call, whose
// results may be all the arguments Go passes ("template.Must(
// template.ParseGlob(p))" passes two).
func multiValueArg(args string) bool {
	e, err := parser.ParseExpr("f(" + args + ")")
	if err != nil {
		return false
	}
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return false
	}
	_, inner := ast.Unparen(call.Args[0]).(*ast.CallExpr)
	return inner
}

// countArgs counts top-level comma-separated arguments: as Go parses
// them when they parse (a comma inside a string literal, `","`, separates
// nothing), else by brackets.
func countArgs(args string) int {
	if e, err := parser.ParseExpr("f(" + args + ")"); err == nil {
		if call, ok := e.(*ast.CallExpr); ok {
			return len(call.Args)
		}
	}
	depth, n := 0, 1
	for _, r := range args {
		switch r {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case ',':
			if depth == 0 {
				n++
			}
		}
	}
	return n
}

// checkSignature compares a declaration with the module's declarations of
// that name: receiver type, parameter types and (when given) result types.
//
// A declaration quoted without its keyword and receiver ("`SetSize(n
// int)`") may be a method's: its receiver is not compared, nor is the
// receiver's pointer when written as a method expression ("`T.M(…)`").
func (c *Checker) checkSignature(sig string) verdict {
	src := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(sig), "{"))
	anyReceiver, anyPointer := false, false
	if !strings.HasPrefix(src, "func ") {
		// "Encoder.Register(…)" may mean a pointer receiver too.
		anyReceiver, anyPointer = !bareMethodRe.MatchString(src), !strings.HasPrefix(src, "(*")
		src, _ = bareSignature(src)
	}
	file, err := parser.ParseFile(token.NewFileSet(), "", "package p\n"+src+" {}\n", 0)
	if err != nil || len(file.Decls) == 0 {
		return verdict{v: UnknownIdentifier, reason: "not a parsable declaration: " + sig}
	}
	fd, ok := file.Decls[0].(*ast.FuncDecl)
	if !ok {
		return verdict{v: UnknownIdentifier, reason: "not a function declaration: " + sig}
	}
	name := fd.Name.Name
	cands := c.m.FuncsNamed(name)
	if len(cands) == 0 {
		if c.m.Exists(name) {
			return verdict{v: Contradicted, reason: name + " exists, but not as a function of the module"}
		}
		return verdict{v: UnknownIdentifier, reason: "no function called " + name + " exists in the module"}
	}
	recv, pointer := "", false
	if fd.Recv != nil && len(fd.Recv.List) > 0 {
		pointer = isPointerReceiver(fd)
		recv = strings.TrimLeft(types.ExprString(fd.Recv.List[0].Type), "*")
		if i := strings.Index(recv, "["); i >= 0 {
			recv = recv[:i]
		}
	}
	claimedParams := fieldTypes(fd.Type.Params)
	claimedResults := fieldTypes(fd.Type.Results)
	var diffs []string
	for _, f := range cands {
		if anyReceiver {
			recv = f.Recv
		}
		if anyReceiver || anyPointer {
			pointer = f.Recv != "" && isPointerReceiver(f.Decl)
		}
		if recv != f.Recv {
			diffs = append(diffs, fmt.Sprintf("%s has receiver %q", f.QualifiedName(), f.Recv))
			continue
		}
		if recv != "" && pointer != isPointerReceiver(f.Decl) {
			diffs = append(diffs, fmt.Sprintf("%s has a %s receiver", f.QualifiedName(), map[bool]string{true: "pointer", false: "value"}[!pointer]))
			continue
		}
		real := fieldTypes(f.Decl.Type.Params)
		realRes := fieldTypes(f.Decl.Type.Results)
		if !sameTypes(claimedParams, real) {
			diffs = append(diffs, fmt.Sprintf("%s takes (%s)", f.QualifiedName(), strings.Join(real, ", ")))
			continue
		}
		if fd.Type.Results != nil && !sameTypes(claimedResults, realRes) {
			diffs = append(diffs, fmt.Sprintf("%s returns (%s)", f.QualifiedName(), strings.Join(realRes, ", ")))
			continue
		}
		return verdict{v: Verified, reason: fmt.Sprintf("matches %s at %s:%d", f.QualifiedName(), f.File, f.StartLine), funcs: []*source.Func{f}}
	}
	return verdict{v: Contradicted, reason: "the signature differs: " + strings.Join(diffs, "; ")}
}

// isPointerReceiver reports whether a method declaration has a pointer
// receiver ("func (l *Ledger) Find").
func isPointerReceiver(fd *ast.FuncDecl) bool {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return false
	}
	_, ok := fd.Recv.List[0].Type.(*ast.StarExpr)
	return ok
}

// fieldTypes lists the type of each parameter or result, one entry per
// name, as written, without spaces or the names inside function types.
func fieldTypes(fl *ast.FieldList) []string {
	if fl == nil {
		return nil
	}
	var out []string
	for _, f := range fl.List {
		t := strings.ReplaceAll(typeText(f.Type), " ", "")
		n := max(len(f.Names), 1)
		for i := 0; i < n; i++ {
			out = append(out, t)
		}
	}
	return out
}

func sameTypes(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

var (
	templateNameRe = regexp.MustCompile(`^\{\{-?\s*(?:template|define|block)\s+"([^"]+)"`)
)

// checkTemplate checks a template action: a named template must exist; each
// field and method chain it uses must resolve (see checkTemplateChain).
func (c *Checker) checkTemplate(s string) (string, string) {
	if mm := templateNameRe.FindStringSubmatch(s); mm != nil {
		if !identCharRe.MatchString(mm[1]) {
			return Verified, "a placeholder, not a name"
		}
		if c.m.TemplateExists(mm[1]) {
			return Verified, "template " + mm[1] + " exists"
		}
		return UnknownIdentifier, "no template called " + mm[1]
	}
	for _, mm := range templateChainRe.FindAllStringSubmatch(s, -1) {
		if v, reason := c.checkTemplateChain(mm[1]); v != Verified {
			return v, reason
		}
	}
	return Verified, "every name the action uses exists"
}

// packageSelector resolves parts[1:] as a member of the package parts[0],
// then members of that.
func (c *Checker) packageSelector(parts []string) verdict {
	head, member := parts[0], parts[1]
	var cur []types.Type
	var funcs []*source.Func
	for _, p := range c.packagesNamed(head) {
		o := p.Scope().Lookup(member)
		if o == nil {
			continue
		}
		cur = append(cur, o.Type())
		if f, ok := o.(*types.Func); ok {
			funcs = append(funcs, c.moduleFunc(f)...)
		}
	}
	if len(cur) == 0 {
		return c.missing(member, "package "+head)
	}
	return c.resolveMembers(parts, 2, cur, funcs)
}

// typesOf returns the types of objs.
func typesOf(objs []types.Object) []types.Type {
	out := make([]types.Type, 0, len(objs))
	for _, o := range objs {
		out = append(out, o.Type())
	}
	return out
}

// declaresFuncOrType reports whether the module declares a function, a
// method or a type of that name.
func (c *Checker) declaresFuncOrType(name string) bool {
	for _, o := range c.m.Objects[name] {
		switch o.(type) {
		case *types.Func, *types.TypeName:
			return true
		}
	}
	return false
}

// knownHead reports whether the first name of a selector is a package,
// type or variable of the module (or of the functions in scope).
func (c *Checker) knownHead(sel string, scope []*source.Func) bool {
	head := strings.Split(normalizeSelector(sel), ".")[0]
	return len(c.m.Objects[head]) > 0 || len(c.packagesNamed(head)) > 0 || len(localObjects(scope, head)) > 0 || len(c.implicitObjects(head)) > 0
}

// clauseSpanAtLine returns a code span of cl's clause, other than cl,
// written whole in the statement at the line cl is placed at ("`*id =
// nilID` at id.go:239" of a clause that also names the call before it),
// or "" when there is none: the citation may be that span's.
func (c *Checker) clauseSpanAtLine(prose string, cl Claim) string {
	if cl.File == "" || cl.Line <= 0 || cl.start >= len(prose) {
		return ""
	}
	from, to := clauseAround(prose, cl.start)
	for _, file := range c.m.FindFile(cl.File) {
		if cl.Line > len(c.views().code[file]) {
			continue
		}
		first, last := c.statementLines(file, cl.Line)
		stmt := strings.Join(c.views().code[file][first-1:last], "\n")
		for _, m := range backtickRe.FindAllStringSubmatchIndex(prose[from:to], -1) {
			if span := prose[from+m[2] : from+m[3]]; from+m[0] != cl.start-1 && span != cl.Text && heldWhole(span, stmt) {
				return "`" + span + "`"
			}
		}
	}
	return ""
}
