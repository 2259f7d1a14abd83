package appsource

import (
	"go/ast"
	"go/token"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// A value used after its error was dropped (`acc, _ := store.Get(id)`)
// carries a zero id or a nil pointer into the next statement: the fix is
// in the function that dropped the error, which may be the handler or a
// service between the handler and the store.

// Discard is a call whose last result (its error) a function drops with _.
type Discard struct {
	Func FuncRef
	Line int
	// Call is the call's text as written; LHS the names it assigns.
	Call string
	LHS  []string
}

// Discards returns the calls in fd whose last result is assigned to _
// while another result is kept.
func (m *Module) Discards(ref FuncRef) []Discard {
	var out []Discard
	if ref.Decl == nil || ref.Decl.Body == nil {
		return nil
	}
	ast.Inspect(ref.Decl.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) < 2 || len(as.Rhs) != 1 || (as.Tok != token.DEFINE && as.Tok != token.ASSIGN) {
			return true
		}
		if id, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident); !ok || id.Name != "_" {
			return true
		}
		ce, ok := as.Rhs[0].(*ast.CallExpr)
		if !ok {
			return true
		}
		var lhs []string
		for _, l := range as.Lhs[:len(as.Lhs)-1] {
			if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
				lhs = append(lhs, id.Name)
			}
		}
		if len(lhs) == 0 {
			return true
		}
		line := m.Fset.Position(as.Pos()).Line
		text := ""
		if f := ref.File; line >= 1 && line <= len(f.Lines()) {
			start, end := m.Fset.Position(ce.Pos()), m.Fset.Position(ce.End())
			if start.Line == end.Line {
				text = f.Lines()[line-1][start.Column-1 : end.Column-1]
			}
		}
		out = append(out, Discard{Func: ref, Line: line, Call: text, LHS: lhs})
		return true
	})
	return out
}

// constraintFailure matches integrity errors whose value may have come
// from a dropped error: a foreign key or a NOT NULL.
var constraintFailure = regexp.MustCompile(`(?i)foreign key|not-null|NOT NULL constraint`)

// discardChunks gives, for a constraint failure, the functions the
// request reached (Reach) that drop the error of a lookup or a parse
// (dropsLookup), nearest the innermost frame first (at most
// maxPerFinder).
func (m *Module) discardChunks(r *report.Report, s *staticSet) []report.Chunk {
	frames := r.AppFrames()
	if !anyMessage(r, constraintFailure) || len(frames) == 0 {
		return nil
	}
	var out []report.Chunk
	for _, ref := range s.requestReach(r) {
		if len(out) == maxPerFinder {
			break
		}
		if !dropsLookup(m.Discards(ref)) || s.seen[ref.Decl] {
			continue
		}
		s.seen[ref.Decl] = true
		out = append(out, s.funcChunk(ref.File, ref.Decl, report.ReasonOrigin))
	}
	return out
}

// lookupCall matches the name of a call whose result is a looked-up or
// parsed value a statement may store: a store's Get or FindByID, a
// query, strconv.Atoi, a decode. A hash, an encoding or a write is not
// one (bcrypt.GenerateFromPassword drops no row the constraint needs).
var lookupCall = regexp.MustCompile(`^(?i:get|find|load|fetch|look|read|query|select|scan|search|first|one|list|parse|atoi|decode|unmarshal|current|resolve)|By[A-Z]\w*$|I[Dd]$`)

// dropsLookup reports whether one of the discards drops the error of a
// lookup or a parse (lookupCall): the value a constraint refused may be
// its zero value.
func dropsLookup(ds []Discard) bool {
	for _, d := range ds {
		name := d.Call
		if i := strings.IndexByte(name, '('); i >= 0 {
			name = name[:i]
		}
		if i := strings.LastIndexByte(name, '.'); i >= 0 {
			name = name[i+1:]
		}
		if name != "" && lookupCall.MatchString(name) {
			return true
		}
	}
	return false
}

// anyMessage reports whether one of the texts that may carry the
// failure's message (errorMessages) matches re.
func anyMessage(r *report.Report, re *regexp.Regexp) bool {
	for _, msg := range errorMessages(r) {
		if re.MatchString(msg) {
			return true
		}
	}
	return false
}
