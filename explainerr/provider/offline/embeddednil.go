package offline

import (
	"go/ast"
	"path/filepath"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
)

// A method of *Queries called on a Store that embeds *Queries runs on the
// embedded field: when the literal that builds the Store leaves that field
// out (Store{db: db}), the receiver is nil while the Store itself is not.
// The nil is then the embedded field, and the fix is where the Store is
// built.

// embeddedReceiverSays explains a nil receiver root of the method name of
// type recv that the caller called on arg, when arg's type embeds recv and
// a literal of that type leaves the embedded field out. It reports whether
// it did.
func (a *analysis) embeddedReceiverSays(root, name, recv, arg, callerName, callerFile string, callerLine int) bool {
	src := a.app()
	recv = strings.TrimPrefix(recv, "*")
	if src == nil || src.mod == nil || recv == "" {
		return false
	}
	embedders := src.mod.EmbeddersOf(recv)
	argType, known := a.fieldTypeAt(callerFile, callerLine, arg)
	for _, e := range embedders {
		// An interface of the embedder's package may hold it: the method
		// called through it is the embedded type's then.
		viaIface := known && argType != e.Name && len(embedders) == 1 && src.isInterface(e.Dir, argType)
		if known && argType != e.Name && !viaIface || !known && len(embedders) != 1 {
			continue
		}
		left := false
		for _, o := range src.mod.FieldOrigins(e.Dir, e.Name, recv) {
			left = left || o.Left
		}
		if !left {
			continue
		}
		a.g.Add(recv, e.Name, name)
		held := ", a " + code(e.Name)
		if viaIface {
			a.g.Add(argType)
			held = ", a " + code(argType) + " that holds a " + code(e.Name) + " (the one type of the module that embeds " + code("*"+recv) + ")"
		}
		a.why(code(root) + " is the receiver of " + code(a.s.Function) + "; its caller " + code(callerName) + " calls it on " + code(arg) + " at " + code(a.fileLoc(callerFile, callerLine)) + held + ", which has no method " + code(name) + " of its own: it runs on the embedded " + code("*"+recv) + ", and that embedded field is the " + code("nil") + " one, not " + code(arg) + ".")
		a.fieldOriginSays(e.Dir, e.Name, recv)
		return true
	}
	return false
}

// fieldTypeAt returns the name of the type of arg, a field of the
// receiver of the method at file:line (s.store): the field's declared
// type without its pointer and package; false when arg is no such field.
func (a *analysis) fieldTypeAt(file string, line int, arg string) (string, bool) {
	src := a.app()
	recvName, typ := a.receiverAt(file, line)
	if recvName == "" || linefacts.RootIdent(arg) != recvName || strings.Count(arg, ".") != 1 {
		return "", false
	}
	t, ok := src.mod.Type(filepath.Dir(file), typ)
	if !ok {
		return "", false
	}
	st, ok := t.Spec.Type.(*ast.StructType)
	if !ok {
		return "", false
	}
	field := lastSelector(arg)
	for _, fl := range st.Fields.List {
		for _, n := range fl.Names {
			if n.Name == field {
				return typeName(fl.Type), true
			}
		}
	}
	return "", false
}

// isInterface reports whether name is an interface type declared in the
// package of directory dir.
func (s *appSource) isInterface(dir, name string) bool {
	t, ok := s.mod.Type(dir, name)
	if !ok {
		return false
	}
	_, isIface := t.Spec.Type.(*ast.InterfaceType)
	return isIface
}
