package offline

import (
	"os"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/corpus"
)

// A number the app parses from its own configuration ("strconv.Atoi(
// h.config.Server.ListLimit)") fails for every request when the setting
// is left empty: no client sent it, so answering 400 would blame the
// client, and a check of the error is already there. The setting wants a
// value, or a default where the settings are read.

// parsedSetting explains an empty value a strconv call at call parsed
// from a chain through the app's settings. It reports whether it did.
func (a *analysis) parsedSetting(call corpus.Line) bool {
	chain := appsource.ParsedSetting(call.Text)
	if chain == "" {
		return false
	}
	if a.unsetSettingIn([]string{call.Text}, "empty") {
		return true
	}
	field := lastSelector(chain)
	a.g.Add(chain)
	a.fixedAtOrigin = true
	a.why(code(chain) + " is one of the app's settings, not a value the request sent: it is empty, as no configuration file, environment variable or default gives it, and every request that reads it fails the same way.")
	if l, ok := a.settingDefaultLine(); ok {
		a.g.AddScanned(a.fileLoc(l.Path, l.Line))
		a.why("The settings are read, and given their defaults, at " + a.cite(l) + ".")
		a.fix("Give " + code(field) + " a default there (at " + code(a.fileLoc(l.Path, l.Line)) + ") or set it in the app's configuration, and fail at start when it is missing: a 400 would blame the client for the app's setting.")
		return true
	}
	a.fix("Set " + code(field) + " in the app's configuration, or give it a default where the settings are read, and fail at start when it is missing: a 400 would blame the client for the app's setting.")
	return true
}

// settingDefaultLine returns the first statement of the module that
// gives a setting its default or loads the settings.
func (a *analysis) settingDefaultLine() (sourceLine, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return sourceLine{}, false
	}
	loads := src.mod.SettingLoads()
	if len(loads) == 0 {
		return sourceLine{}, false
	}
	return originLine(loads[0].Ref, loads[0].Line), true
}

// parsedArgRe captures what a strconv parse reads: a name or a chain of
// selectors ("h.pageSize").
var parsedArgRe = regexp.MustCompile(`strconv\.\w+\(\s*([\w.]+)\s*[,)]`)

// parsedEnvField explains an empty value parsed from a field or a
// variable that the module sets from one of its settings (pageSize:
// os.Getenv("PAGE_SIZE") in a constructor), which the process does not
// have: the parse is the one at call, or, when the stack does not show
// it, one of the functions the request reached. It reports whether it
// did.
func (a *analysis) parsedEnvField(fn string, call corpus.Line, hasCall bool) bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	var parses []sourceLine
	if hasCall {
		parses = append(parses, sourceLine{Path: call.File, Line: call.Number, Text: strings.TrimSpace(call.Text)})
	} else {
		re := compiled(`strconv\.` + regexp.QuoteMeta(fn) + `\(`)
		for _, ref := range a.reached() {
			lines := ref.File.Lines()
			start, end := src.fset.Position(ref.Decl.Pos()).Line, src.fset.Position(ref.Decl.End()).Line
			for i := max(start, 1); i <= end && i <= len(lines); i++ {
				if re.MatchString(lines[i-1]) {
					parses = append(parses, originLine(ref, i))
				}
			}
		}
	}
	for _, p := range parses {
		// The parse reads the variable itself: strconv.Atoi(os.Getenv("N")).
		for _, sr := range src.mod.SettingReads() {
			if sr.File.Path != p.Path || sr.Line != p.Line || !appsource.ReadsEnv(sr.Call) || os.Getenv(sr.Key) != "" {
				continue
			}
			fn := "the function"
			if p.Func != "" {
				fn = code(p.Func)
			}
			a.culprit = sr.Key
			a.fixedAtOrigin = true
			a.g.Add(sr.Key)
			a.why("It parses the environment variable " + code(sr.Key) + " at " + a.cite(p) + ": one of the app's settings, not a value the request sent. The app's process has no " + code(sr.Key) + ", so the value is empty, and every request that reaches the parse fails the same way.")
			a.fix("Set " + code(sr.Key) + " in the app's environment, or give it a default in " + fn + " (" + code(a.fileLoc(p.Path, p.Line)) + ") when the variable is empty, and check it when the app starts: a 400 would blame the client for the app's setting.")
			return true
		}
		m := parsedArgRe.FindStringSubmatch(p.Text)
		if m == nil {
			continue
		}
		name := lastSelector(m[1])
		for _, sr := range src.mod.SettingReads() {
			if !appsource.ReadsEnv(sr.Call) || os.Getenv(sr.Key) != "" {
				continue
			}
			read := originLine(appsource.FuncRef{File: sr.File, Decl: sr.Decl}, sr.Line)
			if !compiled(`\b` + regexp.QuoteMeta(name) + `\s*(?::|=|:=)\s*` + regexp.QuoteMeta(sr.Call) + `\(`).MatchString(read.Text) {
				continue
			}
			a.culprit = m[1]
			a.fixedAtOrigin = true
			a.g.Add(m[1], name, sr.Key)
			a.why("It parses " + code(m[1]) + " at " + a.cite(p) + ": one of the app's settings, set from the environment variable " + code(sr.Key) + " at " + a.cite(read) + ", not a value the request sent. The app's process has no " + code(sr.Key) + ", so the setting is empty, and every request that parses it fails the same way.")
			a.fix("Set " + code(sr.Key) + " in the app's environment, or give " + code(name) + " a default at " + code(a.fileLoc(read.Path, read.Line)) + " when the variable is empty, and check it when the app starts: a 400 would blame the client for the app's setting.")
			return true
		}
	}
	return false
}
