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
	// app's settings, and captures the chain.
	reParsedSetting = regexp.MustCompile(`strconv\.\w+\(\s*([\w.]*\.(?i:config|configs|cfg|conf|settings?|opts|options)\.[\w.]+)`)
	// reSettingLoader matches a call that loads the settings or gives one
	// its default.
	reSettingLoader = regexp.MustCompile(`\bSetDefault\(|\bviper\.Unmarshal\(|\benvconfig\.Process\(|\benv\.Parse\(`)
)

// ParsedSetting returns the chain through the app's settings that a
// strconv parse in text reads ("h.config.Server.ListLimit" of
// "strconv.Atoi(h.config.Server.ListLimit)"), or "".
func ParsedSetting(text string) string {
	if m := reParsedSetting.FindStringSubmatch(text); m != nil {
		return m[1]
	}
	return ""
}

// SettingLoad is a statement that loads the app's settings or gives one
// its default, and the function that holds it.
type SettingLoad struct {
	Ref  FuncRef
	Line int
}

// SettingLoads returns the module's statements, outside tests, that load
// the settings or give one its default (viper.SetDefault,
// viper.Unmarshal, envconfig.Process, env.Parse), in the module's order.
func (m *Module) SettingLoads() []SettingLoad {
	var out []SettingLoad
	m.eachFuncDecl(func(f *File) bool {
		return !strings.HasSuffix(f.Path, "_test.go") && (f.holds("SetDefault(") || f.holds("Unmarshal(") || f.holds(".Process(") || f.holds(".Parse("))
	}, func(f *File, fd *ast.FuncDecl) {
		if fd.Body == nil {
			return
		}
		lines := f.Lines()
		from, to := m.Fset.Position(fd.Body.Pos()).Line, min(m.Fset.Position(fd.Body.End()).Line, len(lines))
		for n := from; n <= to; n++ {
			if l := lines[n-1]; reSettingLoader.MatchString(l) && !strings.HasPrefix(strings.TrimSpace(l), "//") {
				out = append(out, SettingLoad{FuncRef{File: f, Decl: fd}, n})
			}
		}
	})
	return out
}

// parsedSettingChunks gives, for an empty value a function the request
// reached parsed from a chain through the app's settings, the functions
// that load the settings and give them their defaults, as settings.
func (m *Module) parsedSettingChunks(r *report.Report, s *staticSet) []report.Chunk {
	if !anyMessage(r, reEmptyParse) {
		return nil
	}
	parses := false
	for _, ref := range s.requestReach(r) {
		parses = parses || ParsedSetting(m.declText(ref)) != ""
	}
	if !parses {
		return nil
	}
	var loaders []FuncRef
	for _, l := range m.SettingLoads() {
		if len(loaders) == 0 || loaders[len(loaders)-1].Decl != l.Ref.Decl {
			loaders = append(loaders, l.Ref)
		}
	}
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
