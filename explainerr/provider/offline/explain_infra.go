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

// connRefused explains "dial tcp HOST:PORT: connect: connection refused".
func (a *analysis) connRefused() {
	addr, network := a.f.Captures["addr"], a.f.Captures["network"]
	a.culprit = addr
	a.headline("Connection refused: nothing listens at "+code(addr), "Connection refused")
	a.why("The app dialed " + code(addr) + " (" + network + ") and was refused: no program is listening there. The service the app connects to (a database, a cache, another server) is not running at that address, or the app is configured with the wrong host or port. It is a server-side failure; the request is not at fault.")
	port := ""
	if i := strings.LastIndexByte(addr, ':'); i >= 0 {
		port = addr[i+1:]
	}
	src := a.app()
	found := false
	if src != nil && port != "" {
		var lines []sourceLine
		at := compiled(`(?:[:=]|\bport\s*=?\s*)` + regexp.QuoteMeta(port) + `\b`)
		for _, l := range src.stringLits(at) {
			lines = append(lines, src.litLine(l, compiled(regexp.QuoteMeta(port))))
		}
		if len(lines) > 0 {
			found = true
			a.why("The app's source names port " + code(port) + " at " + a.citeAll(lines) + ".")
		}
	}
	if src != nil && !found {
		if reads := a.nearStackFirst(src.configReads(), addressSetting); len(reads) > 0 {
			found = true
			a.why("The app's source does not name that port; it reads connection settings at " + a.citeAll(reads) + ": check what they held when it dialed.")
		}
	}
	if src != nil {
		if opens := a.nearStackFirst(src.connectionOpens(), nil); len(opens) > 0 {
			a.why("The app opens its connections at " + a.citeAll(opens) + ".")
		}
	}
	a.fix("Start the service the app expects at " + code(addr) + " (for a database: is its server running, and listening on port " + port + "?), or correct the host and port in the app's configuration (its DSN or address).")
	if found {
		a.fix("Check the configuration cited above against the port the service really listens on.")
	}
	a.fix("If the app can run without that service, check the connection at startup (a Ping) so a missing service shows when the app starts, not on a request.")
}

// addressSetting matches the settings most likely to hold a whole address.
var addressSetting = regexp.MustCompile(`(?i)dsn|url|addr`)

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
		ast.Inspect(d, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			pkg, ok := sel.X.(*ast.Ident)
			if !ok {
				return true
			}
			arg := -1
			switch pkg.Name + "." + sel.Sel.Name {
			case "os.Getenv", "os.LookupEnv", "flag.String", "flag.Int":
				arg = 0
			case "flag.StringVar", "flag.IntVar":
				arg = 1
			}
			if arg < 0 || arg >= len(call.Args) {
				return true
			}
			if lit, ok := call.Args[arg].(*ast.BasicLit); ok {
				if v, err := strconv.Unquote(lit.Value); err == nil && configRead.MatchString(v) && !redact.IsSensitiveName(v) {
					out = append(out, s.lineOfPos(call.Pos(), in))
				}
			}
			return true
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
	ast.Inspect(n, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
				if pkg, ok := sel.X.(*ast.Ident); ok && names[pkg.Name+"."+sel.Sel.Name] {
					fn(call)
				}
			}
		}
		return true
	})
}

// deadlineCalls are the calls that give a context a deadline, and the
// handler wrappers that give a request's context one.
var deadlineCalls = map[string]bool{
	"context.WithTimeout": true, "context.WithDeadline": true, "context.WithTimeoutCause": true,
	"context.WithDeadlineCause": true, "http.TimeoutHandler": true, "middleware.Timeout": true,
}

// contextEnded explains "context deadline exceeded", "context canceled"
// and a statement the database canceled.
func (a *analysis) contextEnded() {
	switch a.f.Class {
	case ClassStmtCanceled:
		if a.f.Captures["reason"] == "statement timeout" {
			a.headline("SQL statement canceled by the server's statement timeout")
			a.why("PostgreSQL canceled the statement because it ran longer than the server's " + code("statement_timeout") + " setting allows. The query is too slow for that limit: it is a server-side failure, not bad input.")
			a.fix("Make the query faster (an index, less data), or raise " + code("statement_timeout") + " for the role or the session if the query legitimately needs longer.")
			return
		}
		a.headline("SQL statement canceled: its context ended")
		a.why("PostgreSQL reports " + code("canceling statement due to user request") + " when the driver asked it to cancel a running statement. Go's database/sql does that when the context the query was given is done: its deadline passed, or it was canceled. The statement ran longer than its context allowed; it is a server-side failure, not bad input.")
	case ClassDeadline:
		a.headline("Context deadline exceeded")
		a.why("An operation was given a context with a deadline, and the deadline passed before it finished; the call that was waiting (a query, an HTTP call) returned the context's error. It is a server-side failure, not bad input.")
	default:
		a.headline("Context canceled")
		a.why("The operation's context was canceled before it finished. For a request's context that means the client closed the connection (or the server is shutting down); otherwise the code called the context's cancel function before the work was done.")
	}
	cited := false
	if src := a.app(); src != nil {
		if lines, reach := a.deadlinesNearStack(src); len(lines) > 0 {
			cited = true
			switch {
			case a.f.Class == ClassCanceled:
				a.why("The app makes contexts that end at " + a.citeAll(lines) + ".")
			case reach == deadlineOnStack:
				a.why("The failing code sets a deadline at " + a.citeAll(lines) + ", in a function on the failing stack: that is the limit the work ran past.")
			case reach == deadlineCalled:
				a.why("The failing code calls a function that sets a deadline at " + a.citeAll(lines) + ": that is most likely the limit the work ran past.")
			default:
				a.why("Elsewhere in the module, in code that is neither on the failing stack nor called from it, deadlines are set at " + a.citeAll(lines) + ": only if this request ran through one of them (a middleware, say) is that the limit the work ran past.")
			}
			if values := src.durationConstants(lines); len(values) > 0 && a.f.Class != ClassCanceled {
				a.why("The length of a deadline named there is set at " + a.citeAll(values) + ".")
			}
		}
	}
	nanos := false
	if a.f.Class == ClassDeadline {
		if src := a.app(); src != nil {
			lines, _ := a.deadlinesNearStack(src)
			if ns := bareDurations(lines); len(ns) > 0 {
				nanos = true
				a.why("A deadline above is given as the bare integer " + code(ns[0]) + ": a " + code("time.Duration") + " counts nanoseconds, so that is " + ns[0] + "ns, not milliseconds or seconds, and it passes almost at once.")
				a.fix("Give the duration with its unit, for example "+code(ns[0]+"*time.Millisecond")+".",
					"Give the duration with its unit (a multiple of a "+code("time")+" constant).")
			}
		}
	}
	switch {
	case nanos:
	case a.f.Class == ClassCanceled:
		a.fix("If the client went away, there is nobody to answer: check " + code("errors.Is(err, context.Canceled)") + " and log it quietly instead of as a server error.")
		a.fix("Otherwise, make sure the cancel function is called only after the work that uses the context has finished (" + code("defer cancel()") + " in the function that does the work).")
	case cited:
		a.fix("If the work legitimately takes longer, raise the timeout cited above; otherwise make the slow call faster (for a query: an index, less data).")
	default:
		a.fix("Find where the context gets its deadline (" + code("context.WithTimeout") + ", a timeout middleware, the client's own deadline) and raise it if the work legitimately takes longer; otherwise make the slow call faster.")
	}
	if a.f.Class != ClassCanceled {
		a.fix("If it can happen in normal use, answer it with 503 Service Unavailable (or 504) rather than a bare 500, so clients know to retry.")
	}
}
