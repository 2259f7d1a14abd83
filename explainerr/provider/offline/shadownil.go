package offline

import (
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
)

// A package variable declared without a value and never assigned stays
// nil: when a function of its package defines a local of the same name
// with := (an init that meant `db, err = sql.Open(…)`), or a local named
// like the variable's field, the value that is nil on the failing line is
// the one that := was meant to set. The module understanding finds such
// shadows (appsource.Shadows); this pass ties one to the failing value
// and names the line to change.

// shadowedNil explains a nil pointer whose value is a shadowed package
// variable or its field, when one of candidates (or the failing method's
// receiver type) ties to a shadow; it reports whether it did.
func (a *analysis) shadowedNil(candidates []string) bool {
	src := a.app()
	if src == nil || src.mod == nil {
		return false
	}
	_, recvType := a.siteDecl()
	for _, sh := range src.mod.Shadows() {
		for _, c := range candidates {
			field := sh.Name != sh.Var && strings.Contains(c, ".") && lastSelector(c) == sh.Name
			self := sh.Name == sh.Var && (linefacts.RootIdent(c) == sh.Var || recvType != "" && recvType == sh.VarType)
			if field || self {
				a.explainShadow(sh, c, field)
				return true
			}
		}
	}
	return false
}

// explainShadow says which := left the value nil and how to set it.
func (a *analysis) explainShadow(sh appsource.Shadow, candidate string, field bool) {
	at := a.cite(sourceLine{Path: sh.File.Path, Line: sh.Line, Text: strings.TrimSpace(sh.File.Lines()[sh.Line-1]), Func: appsource.FuncName(sh.Decl)})
	decl := a.fileLoc(sh.VarFile.Path, sh.VarLine)
	a.g.Add(strings.TrimSpace(sh.VarFile.Lines()[sh.VarLine-1]), sh.Var, sh.Name, sh.VarType, baseName(sh.VarFile.Path))
	a.culprit = candidate
	if field {
		target := sh.Var + "." + sh.Name
		a.headline("Nil pointer dereference: " + code(target) + " is never set")
		a.why("The line reads through " + code(candidate) + ", which is " + code("nil") + ". The package variable " + code(sh.Var) + " (declared at " + code(decl) + ") has no code that assigns " + code(target) + ": " + at + " defines a local " + code(sh.Name) + " with " + code(":=") + " instead, so the field stays " + code("nil") + ".")
		a.fix("At " + code(a.fileLoc(sh.File.Path, sh.Line)) + ", assign the field instead of declaring a local: " + code(target+", err = …") + " in place of " + code(sh.Name+", err := …") + ".")
		return
	}
	a.headline("Nil pointer dereference: the package variable " + code(sh.Var) + " is never set")
	a.why("The value that is " + code("nil") + " on this line is the package variable " + code(sh.Var) + " (declared at " + code(decl) + " without a value), or a field of it: no code assigns it. " + at + " defines a local " + code(sh.Var) + " with " + code(":=") + ", which hides the package variable, so it stays " + code("nil") + ".")
	a.fix("At " + code(a.fileLoc(sh.File.Path, sh.Line)) + ", assign the package variable instead of declaring a local: " + code(sh.Var+" = …") + " (declare any other names of that line beforehand), not " + code(":=") + ".")
}
