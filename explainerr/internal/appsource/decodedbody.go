package appsource

import (
	"go/ast"
	"path/filepath"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/astutil"
)

// A constraint a request's value broke (a CHECK, a NOT NULL) may be
// broken by the value the app wrote in its place: the body decoded into
// a struct whose field reads another key (its json tag) is left empty.
// The struct the handler decodes the body into is then where the fix
// is.

// decodeCalls are the calls that decode a request's body into the value
// they are handed (fiber's BodyParser, gin's ShouldBindJSON, echo's Bind,
// a json.Decoder's Decode, json.Unmarshal).
var decodeCalls = map[string]bool{"BodyParser": true, "Bind": true, "BindJSON": true, "ShouldBind": true, "ShouldBindJSON": true, "Decode": true, "Unmarshal": true}

// decodedBodyChunks gives, for a constraint error of a request that sent
// a JSON body, the declaration of the module type a function the request
// reached decodes the body into, as the schema the value came through.
func (m *Module) decodedBodyChunks(r *report.Report, s *staticSet) []report.Chunk {
	if !anyMessage(r, constraintWords) || !strings.HasPrefix(strings.TrimSpace(r.Request.Body), "{") {
		return nil
	}
	for _, ref := range s.requestReach(r) {
		if ref.Decl.Body == nil {
			continue
		}
		for _, name := range decodedTypes(ref.Decl.Body) {
			pkg, typ := "", name
			if i := strings.LastIndexByte(name, '.'); i >= 0 {
				pkg, typ = name[:i], name[i+1:]
			}
			for _, f := range m.Files {
				if pkg != "" && f.Package() != pkg || pkg == "" && f != ref.File {
					continue
				}
				if t, ok := m.Type(filepath.Dir(f.Path), typ); ok {
					c := s.typeChunk(t)
					c.Reason = report.ReasonSchema
					return []report.Chunk{c}
				}
			}
		}
	}
	return nil
}

// decodedTypes returns, in order, the declared types (as written:
// "models.Page", "Block") of the variables body decodes a request into
// (BodyParser(&x), json.Unmarshal(b, &x)).
func decodedTypes(body *ast.BlockStmt) []string {
	declared := map[string]string{}
	var out []string
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.ValueSpec:
			if x.Type != nil {
				for _, id := range x.Names {
					declared[id.Name] = strings.TrimPrefix(astutil.ExprString(x.Type), "*")
				}
			}
		case *ast.AssignStmt:
			for i, lhs := range x.Lhs {
				id, ok := lhs.(*ast.Ident)
				if !ok || i >= len(x.Rhs) {
					continue
				}
				switch rhs := x.Rhs[i].(type) {
				case *ast.UnaryExpr:
					if lit, ok := rhs.X.(*ast.CompositeLit); ok && lit.Type != nil {
						declared[id.Name] = astutil.ExprString(lit.Type)
					}
				case *ast.CompositeLit:
					if rhs.Type != nil {
						declared[id.Name] = astutil.ExprString(rhs.Type)
					}
				case *ast.CallExpr:
					if fn, ok := rhs.Fun.(*ast.Ident); ok && fn.Name == "new" && len(rhs.Args) == 1 {
						declared[id.Name] = astutil.ExprString(rhs.Args[0])
					}
				}
			}
		case *ast.CallExpr:
			sel, ok := x.Fun.(*ast.SelectorExpr)
			if !ok || !decodeCalls[sel.Sel.Name] || len(x.Args) == 0 {
				return true
			}
			arg := x.Args[len(x.Args)-1]
			if u, ok := arg.(*ast.UnaryExpr); ok {
				arg = u.X
			}
			if id, ok := arg.(*ast.Ident); ok && declared[id.Name] != "" {
				out = append(out, declared[id.Name])
			}
		}
		return true
	})
	return out
}
