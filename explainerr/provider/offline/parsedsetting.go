package offline

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/corpus"
)

// A number the app parses from its own configuration ("strconv.Atoi(
// h.config.Server.ListLimit)") fails for every request when the setting
// is left empty: no client sent it, so answering 400 would blame the
// client, and a check of the error is already there. The setting wants a
// value, or a default where the settings are read.

var (
	// parsedArg captures the first argument of a strconv parse.
	parsedArg = regexp.MustCompile(`strconv\.\w+\(\s*([\w.]+)\s*[,)]`)
	// settingWord matches a name of a chain that holds the app's
	// settings.
	settingWord = regexp.MustCompile(`(?i)^(?:config|configs|cfg|conf|settings?|opts|options|env)$`)
	// settingDefault matches a line that gives a setting its default or
	// loads the settings.
	settingDefault = regexp.MustCompile(`\bSetDefault\(|\bviper\.Unmarshal\(|\benvconfig\.Process\(|\benv\.Parse\(`)
)

// parsedSetting explains an empty value a strconv call at call parsed
// from a chain through the app's settings. It reports whether it did.
func (a *analysis) parsedSetting(call corpus.Line) bool {
	m := parsedArg.FindStringSubmatch(call.Text)
	if m == nil || strings.Count(m[1], ".") < 2 {
		return false
	}
	parts := strings.Split(m[1], ".")
	held := false
	for _, p := range parts[:len(parts)-1] {
		held = held || settingWord.MatchString(p)
	}
	if !held {
		return false
	}
	if a.unsetSettingIn([]string{call.Text}, "empty") {
		return true
	}
	a.g.Add(m[1])
	a.fixedAtOrigin = true
	a.why(code(m[1]) + " is one of the app's settings, not a value the request sent: it is empty, as no configuration file, environment variable or default gives it, and every request that reads it fails the same way.")
	if l, ok := a.settingDefaultLine(); ok {
		a.g.AddScanned(a.fileLoc(l.Path, l.Line))
		a.why("The settings are read, and given their defaults, at " + a.cite(l) + ".")
		a.fix("Give " + code(parts[len(parts)-1]) + " a default there (at " + code(a.fileLoc(l.Path, l.Line)) + ") or set it in the app's configuration, and fail at start when it is missing: a 400 would blame the client for the app's setting.")
		return true
	}
	a.fix("Set " + code(parts[len(parts)-1]) + " in the app's configuration, or give it a default where the settings are read, and fail at start when it is missing: a 400 would blame the client for the app's setting.")
	return true
}

// settingDefaultLine returns the first line of the module that gives a
// setting its default or loads the settings (settingDefault).
func (a *analysis) settingDefaultLine() (sourceLine, bool) {
	src := a.app()
	if src == nil {
		return sourceLine{}, false
	}
	for _, f := range src.files {
		if strings.HasSuffix(f.path, "_test.go") {
			continue
		}
		for i, l := range f.text() {
			if settingDefault.MatchString(l) && !strings.HasPrefix(strings.TrimSpace(l), "//") {
				in := ""
				if _, fd := src.funcAt(f.path, i+1); fd != nil {
					in = funcName(fd)
				}
				return src.lineIn(f.src, i+1, in), true
			}
		}
	}
	return sourceLine{}, false
}
