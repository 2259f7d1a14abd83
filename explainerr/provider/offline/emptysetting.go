package offline

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// An error that quotes an empty value, where the module reads a setting
// whose key shares a word with the error, points at a setting read under
// another name than the configuration gives it: the reader answers "".
// The configuration files beside the module (.env, YAML, JSON, TOML) are
// read for a key of nearly that name.

// configFiles are the names of the files that usually hold an app's
// settings, looked for in the module's root and its config directory.
var configFilePattern = regexp.MustCompile(`(?i)(?:^\.env|\.env$|\.ya?ml$|\.json$|\.toml$|\.ini$|\.conf$)`)

// reConfigKey finds a key on a line of a configuration file: KEY=value,
// key: value, "key": value, key = value.
var reConfigKey = regexp.MustCompile(`^\s*(?:export\s+)?"?([A-Za-z_][\w.\-]*)"?\s*[:=]`)

// configKey is a key of a configuration file, with where it is.
type configKey struct {
	key  string
	line sourceLine
}

// configKeys returns the keys of the configuration files in the module's
// root and its config directory (at most a few files, none over 64 KiB).
func (s *appSource) configKeys() []configKey {
	if s.mod == nil {
		return nil
	}
	var out []configKey
	for _, dir := range []string{s.mod.Root, filepath.Join(s.mod.Root, "config"), filepath.Join(s.mod.Root, "configs")} {
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			if e.IsDir() || !configFilePattern.MatchString(e.Name()) || e.Name() == "go.mod" || strings.HasPrefix(e.Name(), "package") || strings.HasPrefix(e.Name(), "tsconfig") {
				continue
			}
			path := filepath.Join(dir, e.Name())
			data, err := os.ReadFile(path)
			if err != nil || len(data) > 64<<10 {
				continue
			}
			for i, l := range strings.Split(string(data), "\n") {
				if m := reConfigKey.FindStringSubmatch(l); m != nil && !strings.HasPrefix(strings.TrimSpace(l), "#") {
					out = append(out, configKey{key: m[1], line: sourceLine{Path: path, Line: i + 1, Text: strings.TrimSpace(l)}})
				}
			}
		}
	}
	return out
}

// settingWords returns the words of a setting's key, lower case.
func settingWords(key string) []string {
	return strings.FieldsFunc(strings.ToLower(key), func(r rune) bool { return r == '_' || r == '.' || r == '-' })
}

// normalKey is a key as readers that map names compare it (viper's
// AutomaticEnv: AUTH_JWT_ALG and auth_jwt_alg are one).
func normalKey(key string) string { return strings.Join(settingWords(key), "_") }

// explainEmptySetting explains an error quoting an empty value by a
// setting the module reads under a name the configuration does not give;
// it reports whether it could.
func (a *analysis) explainEmptySetting(msg string) bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	reads := src.mod.EmptySettingReads(msg)
	if len(reads) == 0 {
		return false
	}
	sr, readAt := a.settingRead(reads[0])
	a.headline("An empty value: the setting " + code(sr.Key) + " is read, and nothing sets it under that name")
	a.why("The error says " + code(shorten(msg, 120)) + ": the value was empty. The app reads the setting " + code(sr.Key) + " with " + code(sr.Call) + " at " + a.cite(readAt) + ", and a reader answers an empty value for a name nothing sets.")
	a.settingNamedOtherwise(sr, readAt)
	return true
}

// explainUnsetEnv explains an error about a key, a secret or a token by
// an environment variable the request's path reads and this process does
// not have; it reports whether it could.
func (a *analysis) explainUnsetEnv(msg string) bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	reads := src.mod.UnsetEnvReads(a.r, a.reached())
	if len(reads) == 0 {
		return false
	}
	sr, readAt := a.settingRead(reads[0])
	a.headline("A setting this process lacks: " + code(sr.Key) + " is read on the request's path, and the environment has no such variable")
	a.why("The error says " + code(shorten(msg, 120)) + ". The request's path reads " + code(sr.Key) + " with " + code(sr.Call) + " at " + a.cite(readAt) + ", and this process's environment has no " + code(sr.Key) + ": the call answers \"\", and whatever it keys or checks is done with an empty value.")
	a.settingNamedOtherwise(sr, readAt)
	return true
}

// settingRead returns sr and the line that reads it, its key and reader
// made citable.
func (a *analysis) settingRead(sr appsource.SettingRead) (appsource.SettingRead, sourceLine) {
	a.g.Add(sr.Key, sr.Call)
	return sr, a.app().lineIn(sr.File, sr.Line, appsource.FuncName(sr.Decl))
}

// settingNamedOtherwise says where else the setting sr reads is given, or
// a setting of nearly its name, and advises the fix: the configuration's
// keys, and the environment variables the module reads that this process
// has (JWT_SECRET_KEY beside JWT_SECRET).
func (a *analysis) settingNamedOtherwise(sr appsource.SettingRead, readAt sourceLine) {
	src := a.app()
	var set, near []configKey
	for _, k := range src.configKeys() {
		if normalKey(k.key) == normalKey(sr.Key) {
			set = append(set, k)
		} else if keysAlike(k.key, sr.Key) {
			near = append(near, k)
		}
	}
	readElsewhere := false
	if len(near) == 0 {
		for _, other := range src.mod.SettingReads() {
			if _, has := os.LookupEnv(other.Key); has && other.Key != sr.Key && keysAlike(other.Key, sr.Key) {
				near = append(near, configKey{key: other.Key, line: src.lineIn(other.File, other.Line, appsource.FuncName(other.Decl))})
				readElsewhere = true
				break
			}
		}
	}
	switch {
	case len(set) > 0:
		a.g.Add(set[0].line.Text)
		a.why("A configuration file does set it, at " + a.cite(set[0].line) + ": check that this file is the one loaded, and that its value is not empty.")
		a.fix("Make sure the configuration that sets " + code(sr.Key) + " is the one the app loads at start-up, and check the setting there, failing at start-up when it is empty.")
	case readElsewhere:
		a.g.Add(near[0].key, near[0].line.Text)
		a.why("The app reads " + code(near[0].key) + " at " + a.cite(near[0].line) + ", which the environment has: one setting under two names.")
		a.fix("Read " + code(near[0].key) + " at " + code(a.fileLoc(readAt.Path, readAt.Line)) + ", the name the rest of the app reads and the environment sets.")
	case len(near) > 0:
		a.g.Add(near[0].key, near[0].line.Text)
		a.why("The configuration sets " + code(near[0].key) + " at " + a.cite(near[0].line) + ", a name close to " + code(sr.Key) + " but not it.")
		a.fix("Use one name for the setting: read " + code(near[0].key) + " at " + code(a.fileLoc(readAt.Path, readAt.Line)) + ", or rename the configuration's key to " + code(sr.Key) + ".")
	default:
		a.fix("Set " + code(sr.Key) + " in the app's configuration (or its environment), or give it a default where it is read at " + code(a.fileLoc(readAt.Path, readAt.Line)) + ", and fail at start-up when it is empty.")
	}
	a.fixedAtOrigin = true
}

// keysAlike reports whether two keys name one setting in two ways: they
// have two words at least, and each word of one is a word of the other or
// its start, of three letters at least (AUTH_JWT_ALG and
// auth_jwt_algorithm), whichever key is the shorter.
func keysAlike(a, b string) bool {
	wa, wb := settingWords(a), settingWords(b)
	if len(wa) > len(wb) {
		wa, wb = wb, wa
	}
	if len(wa) < 2 {
		return false
	}
	for _, x := range wa {
		found := false
		for _, y := range wb {
			if len(x) >= 3 && len(y) >= 3 && (strings.HasPrefix(x, y) || strings.HasPrefix(y, x)) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}
