package appsource

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// A table named with its schema ("river.river_job") that the database
// does not have may be looked for in a schema a setting of the app gives
// by default (a flag's default "river"): the setting, not the migrations,
// is what to look at.

// qualifiedRelationRe finds a table PostgreSQL says does not exist,
// named with its schema.
var qualifiedRelationRe = regexp.MustCompile(`relation \\?"(\w+)\.\w+\\?" does not exist`)

// settingDefaultRe matches a line that gives a setting its value or
// default: a flag's definition, an environment read, a default of a
// configuration library or a struct tag.
var settingDefaultRe = regexp.MustCompile(`\bflag\.\w+\(|\bpflag\.|\bGetenv\(|\bLookupEnv\(|\bSetDefault\(|\bcmp\.Or\(|\b(?:env)?[dD]efault:`)

// SchemaSettingDefault returns the function and line of the module
// (outside tests) that give a setting the value schema, as its value or
// its default.
func (m *Module) SchemaSettingDefault(schema string) (FuncRef, int, bool) {
	lit := `"` + schema + `"`
	for _, f := range m.Files {
		if strings.HasSuffix(f.Path, "_test.go") || !f.holds(lit) {
			continue
		}
		for i, l := range f.Lines() {
			if strings.Contains(l, lit) && settingDefaultRe.MatchString(l) && !strings.HasPrefix(strings.TrimSpace(l), "//") {
				if _, fd := m.FuncAt(f.Path, i+1); fd != nil {
					return FuncRef{File: f, Decl: fd}, i + 1, true
				}
			}
		}
	}
	return FuncRef{}, 0, false
}

// schemaSettingChunks gives, for a table not found in the schema it is
// named with, the function that gives a setting that schema's name.
func (m *Module) schemaSettingChunks(r *report.Report, s *staticSet) []report.Chunk {
	for _, msg := range errorMessages(r) {
		if mm := qualifiedRelationRe.FindStringSubmatch(msg); mm != nil {
			if ref, _, ok := m.SchemaSettingDefault(mm[1]); ok {
				return s.leadFuncChunks([]FuncRef{ref}, report.ReasonSetting)
			}
		}
	}
	return nil
}
