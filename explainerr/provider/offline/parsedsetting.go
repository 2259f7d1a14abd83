package offline

import (
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
