package appsource

import (
	"regexp"
	"strings"
)

// maxKeysLike bounds the keys SettingKeysLike returns.
const maxKeysLike = 3

// SettingKey is a setting's key the module defines in a composite
// literal ({Key: "default_page_size", Value: "30"}).
type SettingKey struct {
	Key string
	At  SourceLine
}

// SettingKeysLike returns the settings' keys the module's non-test Go
// files define in composite literals (a field Key or Name given a string)
// that hold key inside a longer name ("default_page_size" for
// "page_size"), at most maxKeysLike, and how many define key itself: a
// key read but never defined is likely misnamed.
func (m *Module) SettingKeysLike(key string) (like []SettingKey, exact int) {
	if m == nil || key == "" {
		return nil, 0
	}
	def := regexp.MustCompile(`\b(?:Key|Name|key|name)\s*:\s*"([\w.-]*` + regexp.QuoteMeta(key) + `[\w.-]*)"`)
	for _, f := range m.Files {
		if !strings.HasSuffix(f.Path, ".go") || strings.HasSuffix(f.Path, "_test.go") || !f.holds(key) {
			continue
		}
		for i, line := range f.Lines() {
			for _, mm := range def.FindAllStringSubmatch(line, -1) {
				switch {
				case mm[1] == key:
					exact++
				case len(like) < maxKeysLike:
					like = append(like, SettingKey{Key: mm[1], At: SourceLine{Path: f.Path, Line: i + 1, Text: strings.TrimSpace(line)}})
				}
			}
		}
	}
	return like, exact
}
