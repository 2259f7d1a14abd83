package offline

import (
	"go/ast"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/draft"
)

// A value read from a settings struct (viper's Unmarshal, envconfig,
// koanf) is the zero value when the key its tag names is in no
// configuration file and not in the environment: a page size of 0 that a
// division then panics on. The key is named in the struct's tag, so the
// fix is the tag or the configuration file's key, whichever is wrong.

// settingTagKeys are the tag keys that name a setting's key.
var settingTagKeys = []string{"mapstructure", "env", "envconfig", "koanf", "yaml", "toml"}

// selectorIn matches x.Field in an expression's text, or a call's
// result's field (config.Get().Field).
var selectorIn = regexp.MustCompile(`(?:\b[a-zA-Z_]\w*|\))\.([A-Z]\w*)\b`)

// maxValueSteps bounds the local assignments followed back from a value.
const maxValueSteps = 4

// explainUnsetSettingField explains a zero value y that was read, through
// the failing function's locals, from a settings struct's field whose key
// no configuration file or environment variable gives. It reports whether
// it did.
func (a *analysis) explainUnsetSettingField(y string) bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	texts := []string{y}
	for i := 0; i < len(texts) && i < maxValueSteps; i++ {
		for _, id := range identsIn(texts[i]) {
			if v, ok := a.localAssignment(id); ok {
				texts = append(texts, v.RHS)
			}
		}
	}
	return a.unsetSettingIn(texts, "0")
}

// unsetSettingIn explains the first settings field that texts (a value
// and the expressions it was computed from) read and whose key no
// configuration file or environment variable gives. It reports whether
// it did.
func (a *analysis) unsetSettingIn(texts []string, zero string) bool {
	src := a.app()
	var configs []configKey
	haveConfigs := false // the configuration files are read once a setting is found
	for _, t := range texts {
		for _, m := range selectorIn.FindAllStringSubmatch(t, -1) {
			key, at, ok := a.settingKeyOf(m[1])
			if !ok || os.Getenv(key) != "" {
				continue
			}
			if !haveConfigs {
				configs, haveConfigs = src.configKeys(), true
			}
			var near *configKey
			set := false
			for i, k := range configs {
				if normalKey(k.key) == normalKey(key) {
					set = true
				} else if near == nil && keysClose(k.key, key) {
					near = &configs[i]
				}
			}
			if set {
				continue
			}
			a.fixedAtOrigin = true
			read := strings.TrimSpace(m[0])
			if strings.HasPrefix(read, ")") {
				read = m[1] // a call's result's field: the field
			}
			a.g.Add(key, m[1], read)
			a.why(code(read) + " is read from the setting " + code(key) + " (its tag at " + a.cite(at) + "), which no configuration file sets and the environment does not have: it is left " + zero + ".")
			if near != nil {
				a.g.Add(near.key, near.line.Text)
				a.why("The configuration sets " + code(near.key) + " at " + a.cite(near.line) + ", a name close to " + code(key) + " but not it.")
				a.fix("Use one name for the setting: " + code(near.key) + " in the tag at " + code(a.fileLoc(at.Path, at.Line)) + ", or " + code(key) + " in " + code(a.fileLoc(near.line.Path, near.line.Line)) + "; and check the value when the settings are loaded, failing at start when it is " + zero + ".")
			} else {
				a.fix("Set " + code(key) + " in the app's configuration, or give " + code(m[1]) + " a default where the settings are loaded, and fail at start when it is " + zero + ".")
			}
			return true
		}
	}
	return false
}

// settingKeyOf returns the setting key a module struct field's tag names
// (mapstructure:"POSTS_PER_PAGE"), with the field's line, when one field
// of that name has such a tag.
func (a *analysis) settingKeyOf(field string) (string, sourceLine, bool) {
	src := a.app()
	var key string
	var at sourceLine
	found := 0
	tagged := compiled(`\b` + regexp.QuoteMeta(field) + `\b.*` + "`")
	for _, f := range src.files {
		// Only a file with a line declaring such a field and a tag is
		// parsed.
		if !slices.ContainsFunc(f.text(), tagged.MatchString) {
			continue
		}
		ast.Inspect(f.syntax(), func(n ast.Node) bool {
			st, ok := n.(*ast.StructType)
			if !ok {
				return true
			}
			for fl, tag := range appsource.TaggedFields(st) {
				if fl.Names[0].Name != field {
					continue
				}
				for _, k := range settingTagKeys {
					if v, _, _ := strings.Cut(tag.Get(k), ","); v != "" && v != "-" {
						key, at = v, src.lineAt(f, fl.Pos(), "")
						found++
						break
					}
				}
			}
			return true
		})
	}
	return key, at, found == 1
}

// keysClose reports whether two keys likely name one setting: alike
// (keysAlike), or of as many words, all but one shared (POSTS_PAGE_SIZE
// and POSTS_PER_PAGE share two of three).
func keysClose(a, b string) bool {
	if keysAlike(a, b) {
		return true
	}
	wa, wb := settingWords(a), settingWords(b)
	if len(wa) != len(wb) || len(wa) < 3 {
		return false
	}
	shared := 0
	for _, x := range wa {
		for _, y := range wb {
			if x == y {
				shared++
				break
			}
		}
	}
	return shared == len(wa)-1
}

// identsIn returns the names of an expression's text that may be locals:
// those not after a dot.
func identsIn(text string) []string {
	var out []string
	for _, loc := range localName.FindAllStringIndex(text, -1) {
		if loc[0] == 0 || text[loc[0]-1] != '.' {
			out = append(out, text[loc[0]:loc[1]])
		}
	}
	return out
}

// localName matches a name in an expression's text.
var localName = regexp.MustCompile(`\b[a-zA-Z_]\w*\b`)

// deadlineFromUnsetSetting explains a deadline, set at l, whose length is
// computed (on its line, or in a local of its function assigned before
// it) from a settings field no configuration sets: a timeout of 0, which
// passes at once. It reports whether it did.
func (a *analysis) deadlineFromUnsetSetting(l sourceLine) bool {
	src := a.app()
	f, fd := src.funcAt(l.Path, l.Line)
	if fd == nil || fd.Body == nil {
		return false
	}
	texts := []string{l.Text}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || src.fset.Position(as.Pos()).Line >= l.Line || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, lhs := range as.Lhs {
			if id, isIdent := lhs.(*ast.Ident); isIdent && slices.Contains(identsIn(l.Text), id.Name) {
				texts = append(texts, src.exprText(f, as.Rhs[i]))
			}
		}
		return true
	})
	if len(texts) == 1 && !selectorIn.MatchString(l.Text) {
		return false
	}
	mark := len(a.d.Why)
	if !a.unsetSettingIn(texts, "0") {
		return false
	}
	// Say where the deadline is before what its length is read from.
	lead := draft.Item{"The request's work runs under a deadline set at " + a.cite(l) + ", whose length comes from a setting."}
	a.d.Why = slices.Insert(a.d.Why, mark, lead)
	return true
}
