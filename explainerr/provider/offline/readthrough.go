package offline

import (
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
)

// readThroughBefore returns where the failing function, or its caller for
// the value it passed or called the failing function on, read a field
// through the variable root before the failing line: evidence that root
// is not the nil value (appsource.FieldReadBefore). ok is false when
// nothing shows it.
func (a *analysis) readThroughBefore(root string) (sourceLine, bool) {
	src := a.app()
	if src == nil || src.mod == nil || root == "" || a.s.Frame == nil {
		return sourceLine{}, false
	}
	if at := src.mod.FieldReadBefore(a.s.Frame.File, a.s.Line, root); at > 0 {
		return a.sourceAt(a.s.Frame.File, at), true
	}
	caller := a.s.Caller
	if caller == nil || caller.Source == nil {
		return sourceLine{}, false
	}
	// The caller's value for root: the receiver it called the failing
	// method on, or the argument at root's place among the parameters.
	name, recv := a.siteDecl()
	passed := ""
	params, _ := src.params(name, recv)
	recvVar := ""
	if recv != "" {
		recvVar = src.receiverOf(name, recv)
	}
	for _, call := range linefacts.Analyze(caller.Source).Calls {
		if call.Name != name {
			continue
		}
		switch {
		case root == recvVar:
			passed = call.Receiver
		default:
			for i, p := range params {
				if p == root && i < len(call.Args) {
					passed = strings.TrimSpace(call.Args[i])
				}
			}
		}
	}
	if !isIdent(passed) {
		return sourceLine{}, false
	}
	if at := src.mod.FieldReadBefore(caller.File, caller.Line, passed); at > 0 {
		return a.sourceAt(caller.File, at), true
	}
	return sourceLine{}, false
}

// sourceAt is the module's line file:line, in the function that holds it.
func (a *analysis) sourceAt(file string, line int) sourceLine {
	src := a.app()
	f, fd := src.mod.FuncAt(file, line)
	if f == nil {
		return sourceLine{Path: file, Line: line}
	}
	fn := ""
	if fd != nil {
		fn = appsource.FuncName(fd)
	}
	return src.lineIn(f, line, fn)
}
