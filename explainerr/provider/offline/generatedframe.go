package offline

import (
	"path/filepath"
	"strings"
)

// whereGenerated adds, when the failing line is in a Go file a tool made
// from a template of its own language (templ's navbar_templ.go from
// navbar.templ), the template's line that writes it, and a fix made there
// rather than in the generated code, which the next generation overwrites.
func (a *analysis) whereGenerated() {
	src := a.app()
	if src == nil || src.mod == nil || a.s.Frame == nil {
		return
	}
	path := a.s.Frame.File
	marker, gen := src.mod.GeneratedBy(path)
	if !gen {
		return
	}
	from, ok := src.mod.TemplateSource(path, a.s.Text)
	if !ok {
		return
	}
	where := a.fileLoc(from.Path, from.Line)
	if filepath.Base(from.Path) == filepath.Base(path) {
		where = loc(src.mod.Rel(from.Path), from.Line)
	}
	a.g.Add(from.Text, src.mod.Rel(from.Path), filepath.Base(from.Path))
	a.d.Where = append(a.d.Where, []string{code(filepath.Base(path)) + " is generated (" + code(marker) + ") from " + code(filepath.Base(from.Path)) + ", which writes that line at " + code(where) + ": " + code(from.Text) + "."})
	fix := "Make the change in " + code(where) + ", not in the generated " + code(filepath.Base(path)) + ", which the generator overwrites"
	if strings.Contains(marker, "by templ") {
		a.g.Add("templ generate")
		fix += "; then run " + code("templ generate") + "."
	} else {
		fix += "; then run the generator again."
	}
	a.fix(fix)
}
