package offline

import (
	"go/ast"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// When many of the app's queries name a column or a table, the error
// itself often says which one failed: a driver's or the app's message
// quotes the statement ("preparing query: SELECT … : no such column"),
// or the app wraps the error with the function's name ("stmt SaveBlob:
// table blobs has no column named data"). That query is the one to name,
// before any other that merely shares the word.

// messageQuery returns the module's query naming word that the failure's
// messages point at: the one whose text they quote, else the one whose
// function's name they write as a word, when a single query is.
func (a *analysis) messageQuery(word string) (sourceLine, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return sourceLine{}, false
	}
	msgs := append([]string{a.r.Error.Message}, a.r.Error.Chain...)
	if a.f.Message != "" {
		msgs = append(msgs, a.f.Message)
	}
	flat := collapseSpace(strings.Join(msgs, "\n"))
	quoted := src.sqlUsesWhere(word, maxSQLUses, func(sl appsource.SQLLiteral, _ string) bool {
		q := collapseSpace(sl.Value)
		return len(q) >= 20 && strings.Contains(flat, q)
	})
	if len(quoted) == 1 {
		return quoted[0], true
	}
	named := src.sqlUsesWhere(word, maxSQLUses, func(_ appsource.SQLLiteral, fn string) bool {
		name := lastSelector(strings.Trim(fn, "()*"))
		return len(name) >= 4 && compiled(`\b`+regexp.QuoteMeta(name)+`\b`).MatchString(flat)
	})
	if len(named) == 1 {
		return named[0], true
	}
	return sourceLine{}, false
}

// collapseSpace writes s with each run of white space as one space,
// trimmed.
func collapseSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

// messageFuncWord is a word of a message shaped like a Go function's name:
// one with an upper-case letter ("SaveBlob", "getUser").
var messageFuncWord = regexp.MustCompile(`\b[A-Za-z_]\w*[A-Z]\w*\b|\b[A-Z]\w{3,}\b`)

// messageReach narrows what the request reached to the functions its
// error's message names ("exec SaveBlob: …", as apps wrap errors with
// the function's name) and their callers, two calls up: with a stack
// that shows only a dispatcher, the reach holds every route's code,
// while the message says which function failed. It is reached()
// unchanged when the message names none of the module's functions.
func (a *analysis) messageReach() []appsource.FuncRef {
	src := a.app()
	reach := a.reached()
	if src == nil || src.mod == nil {
		return reach
	}
	msgs := append([]string{a.r.Error.Message}, a.r.Error.Chain...)
	var named []appsource.FuncRef
	seen := map[string]bool{}
	for _, w := range messageFuncWord.FindAllString(strings.Join(msgs, "\n"), -1) {
		if seen[w] {
			continue
		}
		seen[w] = true
		named = append(named, src.funcRefs(w)...)
	}
	if len(named) == 0 {
		return reach
	}
	keep := map[*ast.FuncDecl]bool{}
	level := named
	for step := 0; step < 3 && len(level) > 0; step++ {
		var next []appsource.FuncRef
		for _, ref := range level {
			if !keep[ref.Decl] {
				keep[ref.Decl] = true
				if step < 2 {
					next = append(next, src.mod.CallersOf(ref)...)
				}
			}
		}
		level = next
	}
	var out []appsource.FuncRef
	for _, ref := range reach {
		if keep[ref.Decl] {
			out = append(out, ref)
		}
	}
	if len(out) == 0 {
		return reach
	}
	return out
}
