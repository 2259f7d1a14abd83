package offline

import (
	"go/ast"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/redact"
)

// Failures of the app's surroundings rather than of the request: a service
// that does not answer, a deadline that passed. They are server-side, so
// the advice is about the configuration and the timeouts, not the input.

// maxCited bounds the source lines cited for one fact.
const maxCited = 3

// citeAll cites lines of the module, joined by "; ". Their secrets are
// hidden with the whole explanation's, as it enters the sealed report.
func (a *analysis) citeAll(lines []sourceLine) string {
	var out []string
	for i, l := range lines {
		if i == maxCited {
			break
		}
		out = append(out, a.cite(l))
	}
	return strings.Join(out, "; ")
}

// nearStackFirst orders lines: those in the directories of the app's
// frames (the failing program's package) first, and among them those
// whose text matches prefer (when not nil).
func (a *analysis) nearStackFirst(lines []sourceLine, prefer *regexp.Regexp) []sourceLine {
	dirs := map[string]bool{}
	for _, f := range a.stackFrames() {
		dirs[filepath.Dir(f.File)] = true
	}
	rank := func(l sourceLine) int {
		r := 0
		if !dirs[filepath.Dir(l.Path)] {
			r += 2
		}
		if prefer != nil && !prefer.MatchString(l.Text) {
			r++
		}
		return r
	}
	out := append([]sourceLine(nil), lines...)
	sort.SliceStable(out, func(i, j int) bool { return rank(out[i]) < rank(out[j]) })
	return out
}

// configRead matches the name of a setting that holds an address or DSN.
var configRead = regexp.MustCompile(`(?i)dsn|addr|url|host|port|database|\bdb_|_db\b`)

// configReads returns the module's calls that read a connection setting:
// os.Getenv, os.LookupEnv and flag definitions whose name looks like an
// address or DSN.
func (s *appSource) configReads() []sourceLine {
	var out []sourceLine
	s.eachDecl(func(f *appFile, d ast.Decl, in string) {
		eachSelectorCall(d, func(call *ast.CallExpr, sel *ast.SelectorExpr) {
			pkg, ok := sel.X.(*ast.Ident)
			if !ok {
				return
			}
			arg := -1
			switch pkg.Name + "." + sel.Sel.Name {
			case "os.Getenv", "os.LookupEnv", "flag.String", "flag.Int":
				arg = 0
			case "flag.StringVar", "flag.IntVar":
				arg = 1
			}
			if arg < 0 || arg >= len(call.Args) {
				return
			}
			if lit, ok := call.Args[arg].(*ast.BasicLit); ok {
				if v, err := strconv.Unquote(lit.Value); err == nil && configRead.MatchString(v) && !redact.IsSensitiveName(v) {
					out = append(out, s.lineOfPos(call.Pos(), in))
				}
			}
		})
	})
	return out
}

// connectionOpens returns the module's calls that open a connection to a
// database or service: sql.Open and the usual drivers' constructors.
func (s *appSource) connectionOpens() []sourceLine {
	return s.callsTo(map[string]bool{
		"sql.Open": true, "sqlx.Open": true, "sqlx.Connect": true, "pgx.Connect": true, "pgxpool.New": true,
		"pgxpool.Connect": true, "redis.NewClient": true, "net.Dial": true, "grpc.Dial": true, "grpc.NewClient": true,
		"mongo.Connect": true, "gorm.Open": true,
	})
}

// callsTo returns the lines of the module's calls of the qualified
// functions names ("pkg.Func"), in file order.
func (s *appSource) callsTo(names map[string]bool) []sourceLine {
	var out []sourceLine
	s.eachDecl(func(f *appFile, d ast.Decl, in string) {
		out = append(out, s.callsIn(d, in, names)...)
	})
	return out
}

// callsIn returns the calls in n (of the function in, "" at top level) of
// the package functions names lists ("context.WithTimeout").
func (s *appSource) callsIn(n ast.Node, in string, names map[string]bool) []sourceLine {
	var out []sourceLine
	eachCallIn(n, names, func(call *ast.CallExpr) { out = append(out, s.lineOfPos(call.Pos(), in)) })
	return out
}

// eachCallIn calls fn for each call in n of the package functions names
// lists ("context.WithTimeout").
func eachCallIn(n ast.Node, names map[string]bool, fn func(call *ast.CallExpr)) {
	eachSelectorCall(n, func(call *ast.CallExpr, sel *ast.SelectorExpr) {
		if pkg, ok := sel.X.(*ast.Ident); ok && names[pkg.Name+"."+sel.Sel.Name] {
			fn(call)
		}
	})
}
