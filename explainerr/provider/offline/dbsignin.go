package offline

import (
	"go/ast"
	"go/token"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/internal/astutil"
)

// dbSignInPass explains a database that refused the connection's sign-in.
var dbSignInPass = &pass{
	name:    "db-sign-in",
	doc:     "A database that refused the sign-in: the setting the connection was given, where the app gives it, and the configuration's key.",
	classes: []Class{ClassDBSignIn},
	needs:   []need{needModule},
	explain: always((*analysis).dbSignIn),
}

// signInFields are, for each setting a sign-in failure is about, the
// names a connection's field, variable or DSN key has for it.
var signInFields = map[string]*regexp.Regexp{
	"user":     regexp.MustCompile(`(?i)^(?:db|database|pg|postgres|mysql)?_?(?:user|username|user_name|login|role)$`),
	"password": regexp.MustCompile(`(?i)^(?:db|database|pg|postgres|mysql)?_?(?:password|pass|passwd|pwd)$`),
	"database": regexp.MustCompile(`(?i)^(?:db|database|pg|postgres|mysql)?_?(?:database|dbname|db_name|db|name)$`),
	"host":     regexp.MustCompile(`(?i)^(?:db|database|pg|postgres|mysql)?_?(?:host|hostname|addr|address)$`),
}

// dsnPlaceOf finds, in a connection string's format, the verb of a key:
// "user=%s", "dbname=%v".
var dsnPlaceOf = regexp.MustCompile(`(?i)\b(\w+)=%[-+# 0-9.]*[a-z]`)

// signInSetting is where the module gives a connection one of its
// settings: the line, and the key it reads the value by, when it reads
// one by a constant key.
type signInSetting struct {
	line sourceLine
	key  string
}

// dbSignIn explains "no PostgreSQL user name specified", "password
// authentication failed for user", "role … does not exist", "database …
// does not exist", MySQL's "Access denied for user": the request is not
// at fault; the settings the connection was given are, and the functions
// that open connections give them.
func (a *analysis) dbSignIn() {
	caps := a.f.Captures
	what := caps["what"]
	if what == "" && caps["user"] != "" {
		what = "user"
	}
	msg := a.f.Message
	if a.dsnSettingsSwapped(msg) {
		return
	}
	switch {
	case strings.Contains(msg, "no PostgreSQL user name"):
		a.headline("The database refused the connection: it was given no user name", "Database sign-in refused")
	case what == "password":
		a.headline("The database refused the password given for user "+code(caps["user"]), "Database sign-in refused")
	case what == "user":
		a.headline("The database has no user "+code(caps["user"])+" to sign in as", "Database sign-in refused")
	case what == "database":
		a.headline("The database "+code(caps["database"])+" does not exist on the server the app connects to", "Database sign-in refused")
	case what == "host":
		a.headline("The database does not accept this host's connection for that user and database", "Database sign-in refused")
	default:
		a.headline("The database refused the app's sign-in", "Database sign-in refused")
	}
	a.why("The database answered " + code(shorten(msg, 160)) + " when the app connected, before any statement of this request ran: the request and the SQL are not at fault; the settings the connection was given are.")
	src := a.app()
	var settings []signInSetting
	if src != nil && what != "" && signInFields[what] != nil {
		settings = src.signInSettings(signInFields[what])
	}
	if len(settings) == 0 {
		if src != nil {
			if opens := a.nearStackFirst(src.callsTo(appsource.ConnectionOpeners), nil); len(opens) > 0 {
				a.why("The app opens its connections at " + a.citeAll(opens) + ".")
				a.fix("Check the settings " + code(opens[0].Func) + " opens the connection with (at " + a.cite(opens[0]) + ") against the database's users and databases.")
			}
		}
		a.fix("Check the connection when the app starts (a Ping after opening it), so that a wrong setting stops the start rather than a request.")
		return
	}
	s := settings[0]
	a.g.Add(s.line.Func, strings.TrimSpace(s.line.Text))
	where := code(a.fileLoc(s.line.Path, s.line.Line))
	if s.key == "" {
		a.why(code(s.line.Func) + " gives the connection its " + what + " at " + a.cite(s.line) + ".")
		a.fix("In " + code(s.line.Func) + ", check the " + what + " it gives the connection at " + where + ": it must name a " + what + " the database has, and be set in the configuration the app loads.")
	} else {
		a.g.Add(s.key)
		a.why(code(s.line.Func) + " gives the connection its " + what + " at " + a.cite(s.line) + ", read by the key " + code(s.key) + ".")
		near, same := src.configKeyFor(s.key, signInFields[what])
		switch {
		case same != nil:
			a.g.Add(same.line.Text)
			a.why("A configuration file sets " + code(same.key) + " at " + a.cite(same.line) + ": check that it is the file the app loads, and its value.")
			a.fix("In " + code(s.line.Func) + ", check the " + what + " it reads by " + code(s.key) + " at " + where + " against the configuration that sets it (" + a.cite(same.line) + ").")
		case near != nil:
			a.g.Add(near.key, near.line.Text)
			a.why("The configuration sets " + code(near.key) + " at " + a.cite(near.line) + ", not " + code(s.key) + ": the value read by " + code(s.key) + " is empty.")
			a.fix("In " + code(s.line.Func) + ", read the " + what + " by the key the configuration gives, " + code(near.key) + ", at " + where + " (or rename the configuration's key to " + code(s.key) + ").")
		default:
			a.fix("In " + code(s.line.Func) + ", check the " + what + " read by " + code(s.key) + " at " + where + ": set it in the configuration the app loads, to a " + what + " the database has.")
		}
	}
	a.fixedAtOrigin = true
	a.fix("Check the connection when the app starts (a Ping after opening it), so that a wrong setting stops the start rather than a request.")
}

// signInSettings returns, nearest the stack first, the places where a
// function that opens a database connection gives it the setting whose
// names field matches: an assignment to a field or variable of that
// name, a composite literal's key, a connection string's "key=%s".
func (s *appSource) signInSettings(field *regexp.Regexp) []signInSetting {
	var out []signInSetting
	s.eachDecl(func(f *appFile, d ast.Decl, in string) {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil || strings.HasSuffix(f.path, "_test.go") {
			return
		}
		if !appsource.OpensConnection(fd) {
			return
		}
		add := func(pos token.Pos, value ast.Expr) {
			out = append(out, signInSetting{line: s.lineOfPos(pos, in), key: settingKeyOf(value)})
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					if name := astutil.LastName(lhs); name != "" && field.MatchString(name) && len(n.Rhs) > 0 {
						add(n.Pos(), n.Rhs[min(i, len(n.Rhs)-1)])
					}
				}
			case *ast.KeyValueExpr:
				if id, ok := n.Key.(*ast.Ident); ok && field.MatchString(id.Name) {
					add(n.Pos(), n.Value)
				}
			case *ast.BasicLit:
				if n.Kind == token.STRING {
					for _, m := range dsnPlaceOf.FindAllStringSubmatch(n.Value, -1) {
						if field.MatchString(m[1]) {
							add(n.Pos(), nil)
							break
						}
					}
				}
			}
			return true
		})
	})
	return out
}

// settingKeyOf returns the key a value is read by, when it is a call whose
// last argument is a constant string (conf.Get("database", "user"),
// os.Getenv("DB_USER")); "" otherwise.
func settingKeyOf(e ast.Expr) string {
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) == 0 {
		return ""
	}
	v, _ := astutil.StringLit(call.Args[len(call.Args)-1])
	return v
}

// configKeyFor returns the configuration file key that is key (same) or,
// when none is, one that names the same setting another way (near): its
// last word matches field, as key's does.
func (s *appSource) configKeyFor(key string, field *regexp.Regexp) (near, same *configKey) {
	keys := s.configKeys()
	for i := range keys {
		k := &keys[i]
		if normalKey(k.key) == normalKey(key) {
			return nil, k
		}
	}
	for i := range keys {
		if k := &keys[i]; field.MatchString(lastKeyWord(k.key)) && field.MatchString(lastKeyWord(key)) {
			return k, nil
		}
	}
	return nil, nil
}

// lastKeyWord returns a dotted or sectioned key's last part: "user" of
// "database.user".
func lastKeyWord(key string) string {
	if i := strings.LastIndexAny(key, ".:/"); i >= 0 {
		return key[i+1:]
	}
	return key
}
