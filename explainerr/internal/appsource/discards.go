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

// Discard is a call whose last result (its error) a function drops with
// _, or assigns to a variable it never reads before assigning it again.
type Discard struct {
	Func FuncRef
	Line int
	// Call is the call's text as written; LHS the names it assigns.
	Call string
	LHS  []string
	// Overwritten is, for an error assigned to a variable and never
	// checked, the line that assigns the variable again (the function's
	// last line when nothing does); 0 for an error dropped with _.
	Overwritten int
	// Err is the variable the unchecked error is assigned to.
	Err string
}

// Discards returns the calls in fd whose last result is assigned to _
// while another result is kept, or to an error variable that is assigned
// again, or left, before anything reads it.
func (m *Module) Discards(ref FuncRef) []Discard {
	var out []Discard
	if ref.Decl == nil || ref.Decl.Body == nil {
		return nil
	}
	unread := m.unreadErrors(ref.Decl)
	ast.Inspect(ref.Decl.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) < 2 || len(as.Rhs) != 1 || (as.Tok != token.DEFINE && as.Tok != token.ASSIGN) {
			return true
		}
		last, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident)
		overwritten := unread[last]
		if !ok || last.Name != "_" && overwritten == 0 {
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
		d := Discard{Func: ref, Line: line, Call: text, LHS: lhs, Overwritten: overwritten}
		if overwritten != 0 {
			d.Err = last.Name
		}
		out = append(out, d)
		return true
	})
	return out
}

// unreadErrors returns the identifiers of fd that an error-named
// variable (err, or a name ending in Err) is assigned to, from a call,
// and that nothing reads before the variable is assigned again or the
// function ends; each with the line of that next assignment (the
// function's last line when none). A closure's reads count as reads.
func (m *Module) unreadErrors(fd *ast.FuncDecl) map[*ast.Ident]int {
	type event struct {
		id     *ast.Ident
		assign bool
		call   bool
	}
	var events []event
	assigned := map[*ast.Ident]bool{}
	fromCall := map[*ast.Ident]bool{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok {
			_, call := as.Rhs[len(as.Rhs)-1].(*ast.CallExpr)
			for _, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok {
					assigned[id] = true
					fromCall[id] = call && len(as.Rhs) == 1
				}
			}
		}
		if id, ok := n.(*ast.Ident); ok && errorName(id.Name) {
			events = append(events, event{id: id, assign: assigned[id], call: fromCall[id]})
		}
		return true
	})
	// A named result is read by a bare return.
	results := map[string]bool{}
	if fd.Type.Results != nil {
		for _, f := range fd.Type.Results.List {
			for _, n := range f.Names {
				results[n.Name] = true
			}
		}
	}
	out := map[*ast.Ident]int{}
	for i, e := range events {
		if !e.assign || !e.call || results[e.id.Name] {
			continue
		}
		next := m.Fset.Position(fd.Body.Rbrace).Line
		read := false
		for _, f := range events[i+1:] {
			if f.id.Name != e.id.Name {
				continue
			}
			if f.assign {
				next = m.Fset.Position(f.id.Pos()).Line
			} else {
				read = true
			}
			break
		}
		if !read {
			out[e.id] = next
		}
	}
	return out
}

// errorName reports whether a variable's name says it holds an error.
func errorName(name string) bool {
	return name == "err" || strings.HasSuffix(name, "Err") && len(name) > 3
}

// constraintFailure matches integrity errors whose value may have come
// from a dropped error: a foreign key or a NOT NULL.
var constraintFailure = regexp.MustCompile(`(?i)foreign key|not-null|NOT NULL constraint|invalid input syntax for (?:type )?[\w ]+: ""|Incorrect \w+ value: ''`)

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
