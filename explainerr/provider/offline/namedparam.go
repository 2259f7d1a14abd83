package offline

import (
	"go/ast"
	"regexp"
	"slices"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// sqlx binds a named query's :name parameters from a struct's db tags or
// a map's keys; a parameter no field is tagged with stops it before the
// query runs ("could not find name id in struct { ID string
// "db:\"product_id\"" }{…}"). The fix is the parameter's name in the
// query or the field's tag: the query is the module's literal that names
// the parameter, in a function the request reached when one does.

// namedParamWords matches sqlx's error, with the parameter.
var namedParamWords = regexp.MustCompile(`could not find name (\w+) in `)

// dbTagInMessage matches a db tag as %#v prints a struct type.
var dbTagInMessage = regexp.MustCompile(`db:\\?"(\w+)\\?"`)

// namedParamMissing explains sqlx's missing named parameter. It reports
// whether it did.
func (a *analysis) namedParamMissing(msg string) bool {
	m := namedParamWords.FindStringSubmatch(msg)
	if m == nil {
		return false
	}
	param := m[1]
	var tags []string
	for _, t := range dbTagInMessage.FindAllStringSubmatch(msg[strings.Index(msg, m[0]):], -1) {
		if !slices.Contains(tags, t[1]) {
			tags = append(tags, t[1])
		}
	}
	a.headline("A named parameter " + code(":"+param) + " no field of the argument is tagged with")
	why := "The error says " + code(shorten(msg, 200)) + ": sqlx binds each " + code(":name") + " of a named query from the " + code("db") + " tag of a field of the struct it is given (or a key of the map), and none is " + code(param) + "."
	if len(tags) > 0 {
		var quoted []string
		for _, t := range tags {
			quoted = append(quoted, code(t))
		}
		why += " The struct's tags the message shows are " + strings.Join(quoted, ", ") + "."
	}
	a.why(why)
	a.g.Add(":"+param, param)
	a.g.Add(tags...)
	uses := a.namedParamUses(param)
	if len(uses) == 0 {
		a.fix("Find the named query that uses " + code(":"+param) + " and name the parameter as the struct's tag does, or tag the field " + code(`db:"`+param+`"`) + ".")
		return true
	}
	l := uses[0]
	a.why("The query that names " + code(":"+param) + " is in " + a.cite(l) + ".")
	to := "the struct's tag"
	if t, ok := closestTag(param, tags); ok {
		to = code(":" + t)
		a.g.Add(":" + t)
	}
	a.fix("In " + code(l.Func) + ", name the parameter as the struct is tagged (" + code(":"+param) + " → " + to + "), or tag the struct's field " + code(`db:"`+param+`"`) + ".")
	return true
}

// namedParamUses returns the lines of the module's SQL literals that name
// :param, those of functions the request reached first.
func (a *analysis) namedParamUses(param string) []sourceLine {
	src := a.app()
	if src == nil || src.mod == nil {
		return nil
	}
	re := regexp.MustCompile(`(?:^|[^:\w]):` + regexp.QuoteMeta(param) + `\b`)
	type use struct {
		line sourceLine
		fd   *ast.FuncDecl
	}
	var uses []use
	for _, lit := range src.mod.SQLLiterals() {
		if !re.MatchString(lit.Value) || strings.HasSuffix(lit.File.Path, "_test.go") {
			continue
		}
		d, bl := lit.Syntax()
		fd, ok := d.(*ast.FuncDecl)
		if !ok || bl == nil {
			continue
		}
		at := lit.StartLine
		for i, line := range strings.Split(lit.Value, "\n") {
			if re.MatchString(line) {
				at += i
				break
			}
		}
		uses = append(uses, use{src.lineIn(lit.File, at, appsource.FuncName(fd)), fd})
	}
	var out []sourceLine
	for _, u := range reachedFirst(a, uses, func(u use) *ast.FuncDecl { return u.fd }) {
		out = append(out, u.line)
	}
	return out
}

// closestTag returns the tag that holds param as a word part (product_id
// for id), when exactly one does.
func closestTag(param string, tags []string) (string, bool) {
	var found []string
	for _, t := range tags {
		if t != param && slices.Contains(strings.Split(t, "_"), param) {
			found = append(found, t)
		}
	}
	if len(found) != 1 {
		return "", false
	}
	return found[0], true
}
