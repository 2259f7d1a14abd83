package appsource

import (
	"go/ast"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// A number parsed from the app's own settings ("strconv.Atoi(
// h.config.Server.ListLimit)") fails for every request when the setting
// is empty: the fix is where the settings are loaded and given their
// defaults (viper.SetDefault, envconfig.Process), which no frame and no
// call of the request shows.

var (
	// reEmptyParse matches strconv's error for an empty value.
	reEmptyParse = regexp.MustCompile(`strconv\.\w+: parsing "": `)
	// reParsedSetting matches a strconv parse of a chain through the
	// app's settings.
	reParsedSetting = regexp.MustCompile(`strconv\.\w+\(\s*[\w.]*\.(?i:config|configs|cfg|conf|settings?|opts|options)\.[\w.]+`)
	// reSettingLoader matches a call that loads the settings or gives one
	// its default.
	reSettingLoader = regexp.MustCompile(`\bSetDefault\(|\bviper\.Unmarshal\(|\benvconfig\.Process\(|\benv\.Parse\(`)
)

// parsedSettingChunks gives, for an empty value a function the request
// reached parsed from a chain through the app's settings, the functions
// that load the settings and give them their defaults, as settings.
func (m *Module) parsedSettingChunks(r *report.Report, s *staticSet) []report.Chunk {
	if !anyMessage(r, reEmptyParse) {
		return nil
	}
	parses := false
	for _, ref := range s.requestReach(r) {
		parses = parses || reParsedSetting.MatchString(m.declText(ref))
	}
	if !parses {
		return nil
	}
	var loaders []FuncRef
	m.eachFuncDecl(func(f *File) bool {
		return f.holds("SetDefault(") || f.holds("Unmarshal(") || f.holds(".Process(") || f.holds(".Parse(")
	}, func(f *File, fd *ast.FuncDecl) {
		if !strings.HasSuffix(f.Path, "_test.go") && reSettingLoader.MatchString(m.declText(FuncRef{File: f, Decl: fd})) {
			loaders = append(loaders, FuncRef{File: f, Decl: fd})
		}
	})
	return s.leadFuncChunks(loaders, report.ReasonSetting)
}

// declText returns the source text of a function declaration.
func (m *Module) declText(ref FuncRef) string {
	lines := ref.File.Lines()
	from, to := m.Fset.Position(ref.Decl.Pos()).Line, m.Fset.Position(ref.Decl.End()).Line
	if from < 1 || to > len(lines) || from > to {
		return ""
	}
	return strings.Join(lines[from-1:to], "\n")
}
