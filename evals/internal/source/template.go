package source

import (
	"path"
	"regexp"
	"strings"
)

// Template is one template file and the blocks it defines.
type Template struct {
	// File is module-relative.
	File string
	// Defines are the names of its {{define}} and {{block}} blocks.
	Defines []string
	// Uses are the template names it invokes with {{template}}.
	Uses []string
	// Fields are the field and method names its actions use (".Post.Title"
	// gives "Post" and "Title").
	Fields []string
	Lines  []string
}

var (
	defineRe   = regexp.MustCompile(`\{\{-?\s*(?:define|block)\s+"([^"]+)"`)
	templateRe = regexp.MustCompile(`\{\{-?\s*template\s+"([^"]+)"`)
	actionRe   = regexp.MustCompile(`\{\{-?(.*?)-?\}\}`)
	fieldRe    = regexp.MustCompile(`\.([A-Za-z_][A-Za-z0-9_]*)`)
)

func parseTemplate(rel string, lines []string) *Template {
	t := &Template{File: rel, Lines: lines}
	text := strings.Join(lines, "\n")
	for _, mm := range defineRe.FindAllStringSubmatch(text, -1) {
		t.Defines = append(t.Defines, mm[1])
	}
	for _, mm := range templateRe.FindAllStringSubmatch(text, -1) {
		t.Uses = append(t.Uses, mm[1])
	}
	for _, a := range actionRe.FindAllStringSubmatch(text, -1) {
		for _, f := range fieldRe.FindAllStringSubmatch(a[1], -1) {
			t.Fields = append(t.Fields, f[1])
		}
	}
	return t
}

// TemplateExists reports whether name is a template file's base name or
// path, or a defined block.
func (m *Module) TemplateExists(name string) bool {
	return m.TemplateFor(name) != nil
}

// TemplateFor returns the template file that is, or defines, name.
func (m *Module) TemplateFor(name string) *Template {
	for _, t := range m.Templates {
		if path.Base(t.File) == name || sameFile(t.File, name) {
			return t
		}
	}
	for _, t := range m.Templates {
		for _, d := range t.Defines {
			if d == name {
				return t
			}
		}
	}
	return nil
}

// TemplateField reports whether some template of the module uses a field
// or method called name in an action.
func (m *Module) TemplateField(name string) bool {
	for _, t := range m.Templates {
		for _, f := range t.Fields {
			if f == name {
				return true
			}
		}
	}
	return false
}
