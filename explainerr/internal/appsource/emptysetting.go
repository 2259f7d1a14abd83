package appsource

import (
	"go/ast"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// An error that quotes an empty value ("unsupported signature algorithm
// \"\"") often means a setting was read under another name than the one
// the configuration gives: the code asks for auth_jwt_algorithm, the
// environment sets AUTH_JWT_ALG, and the reader answers "". The function
// that reads a setting whose key shares a word with the error's is where
// that name is written.

// reEmptyQuoted finds an empty quoted value in an error message.
var reEmptyQuoted = regexp.MustCompile(`(?:^|[\s:=(])(?:""|''|\\"\\")(?:$|[\s,.;)])`)

// SettingRead is a call that reads a setting by its key.
type SettingRead struct {
	// Key is the setting's name as the code writes it.
	Key string
	// Call is the reader ("viper.GetString").
	Call string
	File *File
	Decl *ast.FuncDecl
	Line int
}

// SettingReads returns the module's calls of a setting reader with a
// constant key, in the functions whose facts say they read settings; they
// are read once per module version.
func (m *Module) SettingReads() []SettingRead {
	m.settingOnce.Do(func() { m.settings = m.findSettingReads() })
	return m.settings
}

// findSettingReads does the work of SettingReads.
func (m *Module) findSettingReads() []SettingRead {
	var out []SettingRead
	for _, f := range m.Files {
		for i := range f.facts.Funcs {
			if !f.facts.Funcs[i].ReadsSetting {
				continue
			}
			fd := f.funcAt(f.facts.Funcs[i].Offset)
			if fd == nil || fd.Body == nil {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) == 0 {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				pkg, ok := sel.X.(*ast.Ident)
				if !ok || !settingReaders[pkg.Name+"."+sel.Sel.Name] {
					return true
				}
				lit, ok := call.Args[0].(*ast.BasicLit)
				if !ok {
					return true
				}
				if key, err := strconv.Unquote(lit.Value); err == nil && key != "" {
					out = append(out, SettingRead{Key: key, Call: pkg.Name + "." + sel.Sel.Name, File: f, Decl: fd, Line: m.Fset.Position(call.Pos()).Line})
				}
				return true
			})
		}
	}
	return out
}

// EmptySettingReads returns the setting reads whose key shares a word of
// four letters or more with msg, when msg quotes an empty value.
func (m *Module) EmptySettingReads(msg string) []SettingRead {
	loc := reEmptyQuoted.FindStringIndex(msg)
	if loc == nil {
		return nil
	}
	// The words just before the empty value say what it was.
	words := map[string]bool{}
	for _, w := range reWordRun.FindAllString(strings.ToLower(msg[:loc[0]]), -1) {
		if len(w) >= 4 {
			words[w] = true
		}
	}
	var out []SettingRead
	for _, sr := range m.SettingReads() {
		for _, w := range strings.FieldsFunc(strings.ToLower(sr.Key), func(r rune) bool { return r == '_' || r == '.' || r == '-' }) {
			if len(w) >= 4 && words[w] {
				out = append(out, sr)
				break
			}
		}
	}
	return out
}

// emptySettingChunks gives the functions that read a setting the failure
// quotes empty.
func (m *Module) emptySettingChunks(r *report.Report, s *staticSet) []report.Chunk {
	for _, msg := range errorMessages(r) {
		if out := s.leadFuncChunks(readers(m.EmptySettingReads(report.AnalysedText(msg))), report.ReasonSetting); len(out) > 0 {
			return out
		}
	}
	return nil
}

// readers returns the functions of setting reads, in their order.
func readers(reads []SettingRead) []FuncRef {
	out := make([]FuncRef, len(reads))
	for i, sr := range reads {
		out[i] = FuncRef{File: sr.File, Decl: sr.Decl}
	}
	return out
}
