package offline

import (
	"encoding/json"
	"go/ast"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// A value a column's type cannot read ("invalid input syntax for type
// timestamp: "second edition"") is, when the value is one the client
// sent for another field, most often a statement whose arguments are not
// in its placeholders' order: the description passed where the date
// goes. The request says which field the value is; the statement, read
// in a function the request reached, says which placeholder the argument
// named for that field fills and which column that placeholder sets.

// setPlaceholderRe matches "column = $n" in an UPDATE's SET or a WHERE.
var setPlaceholderRe = regexp.MustCompile(`(?i)\b(\w+)\s*=\s*\$(\d+)`)

// insertColumnsRe captures an INSERT's column list and its VALUES.
var insertColumnsRe = regexp.MustCompile(`(?is)\bINSERT\s+INTO\s+\S+\s*\(([^)]*)\)\s*VALUES\s*\(([^)]*)\)`)

// placeholderColumns maps each $n of a statement to the column it sets.
func placeholderColumns(sql string) map[int]string {
	out := map[int]string{}
	for _, m := range setPlaceholderRe.FindAllStringSubmatch(sql, -1) {
		if n, err := strconv.Atoi(m[2]); err == nil {
			out[n] = strings.ToLower(m[1])
		}
	}
	if m := insertColumnsRe.FindStringSubmatch(sql); m != nil {
		cols, vals := strings.Split(m[1], ","), strings.Split(m[2], ",")
		for i := range min(len(cols), len(vals)) {
			v := strings.TrimSpace(vals[i])
			if n, err := strconv.Atoi(strings.TrimPrefix(v, "$")); err == nil && strings.HasPrefix(v, "$") {
				out[n] = strings.ToLower(strings.Trim(strings.TrimSpace(cols[i]), "\"`"))
			}
		}
	}
	return out
}

// requestFieldOf returns the top-level key of the request's JSON body or
// form whose value is value.
func (a *analysis) requestFieldOf(value string) string {
	var body map[string]any
	if json.Unmarshal([]byte(a.r.Request.Body), &body) == nil {
		for k, v := range body {
			if s, ok := v.(string); ok && s == value {
				return k
			}
		}
	}
	for k, vs := range a.r.Request.Form {
		for _, v := range vs {
			if v == value {
				return k
			}
		}
	}
	return ""
}

// normName lowers a column's or a field's name and drops its
// underscores: published_date and PublishedDate are one name.
func normName(s string) string { return strings.ToLower(strings.ReplaceAll(s, "_", "")) }

// argNamed reports whether an argument's text names field: its last
// selector or identifier is the field's name.
func argNamed(arg, field string) bool {
	arg = strings.TrimPrefix(strings.TrimSpace(arg), "&")
	if i := strings.LastIndexByte(arg, '.'); i >= 0 {
		arg = arg[i+1:]
	}
	return normName(arg) == normName(field)
}

// statementArgs finds, in the functions the request reached, a call that
// passes an SQL statement with $n placeholders followed by its
// arguments: the statement's text, the arguments' texts and where the
// call is.
func (a *analysis) statementArgs(want func(sql string, args []string) bool) (string, []string, sourceLine, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return "", nil, sourceLine{}, false
	}
	for _, ref := range a.reached() {
		if ref.Decl == nil || ref.Decl.Body == nil {
			continue
		}
		f, fn := src.viewOf(ref.File), funcName(ref.Decl)
		var sql string
		var args []string
		var at sourceLine
		ast.Inspect(ref.Decl.Body, func(n ast.Node) bool {
			ce, ok := n.(*ast.CallExpr)
			if !ok || sql != "" {
				return sql == ""
			}
			for i, arg := range ce.Args {
				text := a.stringValue(f, arg)
				if !strings.Contains(text, "$1") {
					continue
				}
				var rest []string
				for _, x := range ce.Args[i+1:] {
					rest = append(rest, src.exprText(f, x))
				}
				if want(text, rest) {
					sql, args, at = text, rest, src.lineAt(f, ce.Pos(), fn)
				}
				break
			}
			return sql == ""
		})
		if sql != "" {
			return sql, args, at, true
		}
	}
	return "", nil, sourceLine{}, false
}

// stringValue returns the string a call's argument is: a literal, or a
// constant or variable of the file's package declared with one.
func (a *analysis) stringValue(f *appFile, e ast.Expr) string {
	switch x := e.(type) {
	case *ast.BasicLit:
		if x.Kind == token.STRING {
			if s, err := strconv.Unquote(x.Value); err == nil {
				return s
			}
		}
	case *ast.Ident:
		src := a.app()
		if pf, vs, i, ok := src.packageValueSpec(filepath.Dir(f.path), f.pkg(), x.Name, token.CONST, token.VAR); ok && i < len(vs.Values) {
			return a.stringValue(pf, vs.Values[i])
		}
	}
	return ""
}

// unreadableValue explains a value a column's type could not read.
func (a *analysis) unreadableValue(caps map[string]string, showStmt func()) {
	typ, value := strings.TrimSpace(caps["type"]), caps["value"]
	a.culprit = value
	a.headline("A value its column cannot read: " + code(value) + " as " + code(typ))
	a.why("The database could not read " + code(value) + " as a " + code(typ) + ": the statement gave a column of that type a value that is not one.")
	field := a.requestFieldOf(value)
	if field != "" && a.argOrder(field, value, typ) {
		return
	}
	showStmt()
	if value == "" && a.discardOnPath() {
		// An empty value the request did not send: the zero value of
		// a lookup whose error was dropped.
		return
	}
	if field != "" {
		a.why("The request's " + code(field) + " is " + code(value) + ".")
		a.fix("Check that the value of " + code(field) + " goes to its own column: the statement's arguments in the order of its placeholders.")
		a.fix("If the client may send such a value for a " + code(typ) + ", validate it and answer 400 Bad Request.")
		return
	}
	a.fix("Find the argument that gives the column this value, and pass one of its type (or validate the input and answer 400 Bad Request).")
}

// argOrder explains the value of the request's field passed to a
// placeholder that sets another column; it reports whether it did.
func (a *analysis) argOrder(field, value, typ string) bool {
	var cols map[int]string
	sql, args, at, ok := a.statementArgs(func(sql string, args []string) bool {
		cols = placeholderColumns(sql)
		for i, arg := range args {
			if c, set := cols[i+1]; set && argNamed(arg, field) && normName(c) != normName(field) {
				return true
			}
		}
		return false
	})
	if !ok {
		return false
	}
	for i, arg := range args {
		c := cols[i+1]
		if !argNamed(arg, field) || normName(c) == normName(field) {
			continue
		}
		a.g.Add(arg, c, field, sql)
		own := ""
		for j, other := range args {
			if normName(cols[j+1]) == normName(field) {
				own = " The column " + code(field) + " is set by " + code("$"+strconv.Itoa(j+1)) + ", which gets " + code(other) + "."
			}
		}
		a.headline("The statement's arguments are not in its placeholders' order: " + code(field) + " goes to " + code(c))
		a.why("The request's " + code(field) + " is " + code(value) + ". The call at " + a.cite(at) + " passes " + code(arg) + " as its argument " + strconv.Itoa(i+1) + ", which fills " + code("$"+strconv.Itoa(i+1)) + " of " + code(shorten(sql, 160)) + ", the placeholder that sets " + code(c) + "." + own)
		a.fix("In " + code(at.Func) + ", pass the arguments in the order of the statement's placeholders, so that " + code(arg) + " fills the placeholder of " + code(field) + ".")
		return true
	}
	return false
}

// notNullArgument explains a NOT NULL column that the statement lists
// and fills with an argument named for another field (created_at given
// todo.UpdatedAt, nil for a new row); it reports whether it did.
func (a *analysis) notNullArgument(table, col string) bool {
	if col == "" {
		return false
	}
	insert := compiled(`(?i)\b(?:INSERT\s+INTO|UPDATE)\s+["'` + "`" + `]?` + regexp.QuoteMeta(table) + `\b`)
	var cols map[int]string
	sql, args, at, ok := a.statementArgs(func(sql string, args []string) bool {
		if table != "" && !insert.MatchString(sql) {
			return false
		}
		cols = placeholderColumns(sql)
		for n, c := range cols {
			if c == strings.ToLower(col) && n-1 < len(args) && !argNamed(args[n-1], col) && strings.Contains(args[n-1], ".") {
				return true
			}
		}
		return false
	})
	if !ok {
		return false
	}
	for n, c := range cols {
		if c != strings.ToLower(col) || n-1 >= len(args) {
			continue
		}
		arg := args[n-1]
		a.g.Add(arg, c, sql, at.Func)
		a.why("The statement lists " + code(col) + ", and the call at " + a.cite(at) + " fills its " + code("$"+strconv.Itoa(n)) + " with " + code(arg) + ", a field named for another column, which is nil or zero here.")
		a.fix("In " + code(at.Func) + ", pass the value meant for " + code(col) + " as " + code("$"+strconv.Itoa(n)) + " instead of " + code(arg) + ".")
		return true
	}
	return false
}
