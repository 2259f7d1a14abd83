package offline

import (
	"go/ast"
	"go/token"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
)

// A method of another package called through a pointer runs inside that
// package: had the pointer been nil, the panic's innermost frame would be
// that package's (or nothing would have panicked), not the app's line.
// So when the app's own line panicked, a pointer field of another
// package's type that the line calls such a method on (r.db of
// r.db.WithContext(ctx), a *gorm.DB) is not the nil value, nor are the
// results of the calls chained on it; what the field is read from is.

// dropLibraryReceivers returns candidates without those a method of
// another package is called on, when each is a pointer field of another
// package's type (s.db) or a call chained on one; it returns candidates
// as they are when that would leave none.
func (a *analysis) dropLibraryReceivers(candidates []string) []string {
	if a.s.Raiser != nil {
		return candidates
	}
	var kept []string
	for _, c := range candidates {
		if !a.libraryPointerReceiver(c) {
			kept = append(kept, c)
		}
	}
	if len(kept) == 0 {
		return candidates
	}
	return kept
}

// libraryPointerReceiver reports whether the failing line calls an
// exported method that no module type declares on c, and c is, or is a
// call chained on, a field of the receiver or a local value whose
// declared type is a pointer to another package's type.
func (a *analysis) libraryPointerReceiver(c string) bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	called := false
	for _, call := range a.s.Facts.Calls {
		if strings.TrimSpace(call.Receiver) == c && token.IsExported(call.Name) && len(src.mod.Methods(call.Name)) == 0 {
			called = true
		}
	}
	if !called {
		return false
	}
	// The field the chain starts at: r.db of r.db.WithContext(ctx).
	field := c
	if i := strings.IndexByte(field, '('); i >= 0 {
		field = field[:i]
		if j := strings.LastIndexByte(field, '.'); j >= 0 {
			field = field[:j]
		}
	}
	root := linefacts.RootIdent(field)
	if strings.Count(field, ".") != 1 || root == "" {
		return false
	}
	name, recv := a.siteDecl()
	if recv == "" || src.receiverOf(name, recv) != root {
		return false
	}
	_, t, ok := src.structFieldIn(a.typeDir(recv), recv, lastSelector(field))
	if !ok {
		return false
	}
	star, ok := t.(*ast.StarExpr)
	if !ok {
		return false
	}
	_, other := star.X.(*ast.SelectorExpr) // *gorm.DB: another package's type
	return other && chainOnField(c, field)
}

// chainOnField reports whether c is field itself or calls chained on it
// (field.M(…).N(…)), with no field read between the calls.
func chainOnField(c, field string) bool {
	if c == field {
		return true
	}
	rest := c[len(field):]
	depth := 0
	for i := 0; i < len(rest); i++ {
		switch rest[i] {
		case '(':
			depth++
		case ')':
			depth--
		case '.':
			if depth == 0 {
				// A method name follows, then its call's parenthesis.
				j := i + 1
				for j < len(rest) && (rest[j] == '_' || 'a' <= rest[j] && rest[j] <= 'z' || 'A' <= rest[j] && rest[j] <= 'Z' || '0' <= rest[j] && rest[j] <= '9') {
					j++
				}
				if j >= len(rest) || rest[j] != '(' {
					return false
				}
			}
		}
	}
	return strings.HasPrefix(rest, ".") && depth == 0
}
