package source

import (
	"fmt"
	"go/ast"
	"go/types"
	"path"
	"strings"

	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
)

// Span is a line range of a module file with the reason it is in an excerpt.
type Span struct {
	File      string `json:"file"`
	StartLine int    `json:"start_line"`
	EndLine   int    `json:"end_line"`
	Symbol    string `json:"symbol"`
	Role      string `json:"role"`
}

// Roles of the spans of an excerpt.
const (
	RoleFailing  = "failing function"
	RoleCallee   = "called directly by the failing function"
	RoleFix      = "fix location"
	RoleTemplate = "template"
)

// Excerpt is the small, relevant piece of source a judge checks claims
// against.
type Excerpt struct {
	Spans []Span `json:"spans"`
	// Text is the excerpt as shown: each span headed by its path, lines and
	// role, each line numbered. Secrets are redacted.
	Text string `json:"text"`
	// Lines are the excerpt's source lines without numbers, as shown.
	Lines []string `json:"-"`
}

// ExcerptRequest says where a failure happened and what is known about it.
type ExcerptRequest struct {
	// FailFile (absolute or module-relative) and FailLine locate the
	// innermost app frame.
	FailFile string
	FailLine int
	// FallbackFile and FallbackFunc name the failing function when no frame
	// locates it (a fixture's panic site).
	FallbackFile string
	FallbackFunc string
	// FixFile and FixFunc name the fix location's function, if any.
	FixFile string
	FixFunc string
	// Template names a template involved in the failure, if any.
	Template string
	// MaxCallees bounds the callees included (default 8).
	MaxCallees int
}

// Excerpt extracts the failing function by line number, the module functions
// it calls directly (resolved with go/types), the fix location's function
// when it is not among them, and the template when one is involved.
func (m *Module) Excerpt(req ExcerptRequest) Excerpt {
	if req.MaxCallees <= 0 {
		req.MaxCallees = 8
	}
	var spans []Span
	seen := map[*Func]bool{}
	addFunc := func(f *Func, role string) {
		if f == nil || seen[f] {
			return
		}
		seen[f] = true
		spans = append(spans, Span{File: f.File, StartLine: f.StartLine, EndLine: f.EndLine, Symbol: f.QualifiedName(), Role: role})
	}
	var failing *Func
	if req.FailFile != "" && req.FailLine > 0 {
		failing = m.FuncAt(m.Rel(req.FailFile), req.FailLine)
	}
	if failing == nil && req.FallbackFunc != "" {
		failing = m.FuncByLocation(req.FallbackFile, req.FallbackFunc)
	}
	addFunc(failing, RoleFailing)
	for i, c := range m.Callees(failing) {
		if i == req.MaxCallees {
			break
		}
		addFunc(c, RoleCallee)
	}
	if req.FixFunc != "" {
		addFunc(m.FuncByLocation(req.FixFile, req.FixFunc), RoleFix)
	}
	if req.Template != "" {
		if t := m.TemplateFor(req.Template); t != nil {
			spans = append(spans, Span{File: t.File, StartLine: 1, EndLine: len(t.Lines), Symbol: path.Base(t.File), Role: RoleTemplate})
		}
	}
	return m.render(spans)
}

func (m *Module) render(spans []Span) Excerpt {
	ex := Excerpt{Spans: spans}
	var b strings.Builder
	for _, s := range spans {
		lines := m.Files[s.File]
		fmt.Fprintf(&b, "### %s:%d-%d %s (%s)\n", s.File, s.StartLine, s.EndLine, s.Symbol, s.Role)
		for n := s.StartLine; n <= s.EndLine && n-1 < len(lines); n++ {
			line := redact.String(lines[n-1])
			ex.Lines = append(ex.Lines, line)
			fmt.Fprintf(&b, "%4d | %s\n", n, line)
		}
		b.WriteString("\n")
	}
	ex.Text = b.String()
	return ex
}

// Callees returns the module's functions and methods that f calls directly,
// in the order of their first call, resolved with go/types.
func (m *Module) Callees(f *Func) []*Func {
	if f == nil || f.Decl.Body == nil || f.Pkg.TypesInfo == nil {
		return nil
	}
	byObj := map[*types.Func]*Func{}
	for _, g := range m.Funcs {
		if g.Obj != nil {
			byObj[g.Obj] = g
		}
	}
	var out []*Func
	seen := map[*Func]bool{f: true}
	ast.Inspect(f.Decl.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		id := CalleeIdent(call)
		if id == nil {
			return true
		}
		obj, ok := f.Pkg.TypesInfo.Uses[id].(*types.Func)
		if !ok {
			return true
		}
		g := byObj[obj.Origin()]
		if g == nil || seen[g] {
			return true
		}
		seen[g] = true
		out = append(out, g)
		return true
	})
	return out
}

// Overlap returns the share of the excerpt's lines that also appear in the
// chunks (by file and line range): how much of what the judge checks
// against one mode had already seen. It is 0 for an empty excerpt.
func Overlap(ex Excerpt, chunks []report.Chunk) float64 {
	total, covered := 0, 0
	for _, s := range ex.Spans {
		for n := s.StartLine; n <= s.EndLine; n++ {
			total++
			for _, c := range chunks {
				if sameFile(c.File, s.File) && c.StartLine <= n && n <= c.EndLine {
					covered++
					break
				}
			}
		}
	}
	if total == 0 {
		return 0
	}
	return float64(covered) / float64(total)
}
