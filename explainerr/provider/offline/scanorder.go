package offline

import (
	"github.com/explainerr/explainerr/explainerr/internal/appsource"

	"go/ast"
	"go/token"
	"regexp"
	"strconv"
	"strings"
)

// "Scan error on column index 1, name "title": … into type *time.Time"
// is, in a hand-written query, most often a select list and a Scan whose
// orders differ: a column added or moved in one and not the other. The
// function the request ran that holds both is read: the column the error
// names at its index in the select list, and the destination the Scan
// gives that index.

// selectListRe captures a query's select list, up to its FROM.
var selectListRe = regexp.MustCompile(`(?is)\bSELECT\s+(?:DISTINCT\s+)?(.+?)\s+FROM\b`)

// selectColumns returns the names a select list gives its columns: an
// alias, else the last part of a qualified name; "" for an expression.
func selectColumns(list string) []string {
	var out []string
	depth, start := 0, 0
	add := func(item string) {
		item = strings.TrimSpace(item)
		if i := strings.LastIndex(strings.ToLower(item), " as "); i >= 0 {
			item = strings.TrimSpace(item[i+4:])
		}
		if i := strings.LastIndexByte(item, '.'); i >= 0 {
			item = item[i+1:]
		}
		item = strings.Trim(item, "\"`")
		if !sqlIdentRe.MatchString(item) {
			item = ""
		}
		out = append(out, strings.ToLower(item))
	}
	for i, r := range list {
		switch r {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				add(list[start:i])
				start = i + 1
			}
		}
	}
	add(list[start:])
	return out
}

// sqlIdentRe is a bare SQL name.
var sqlIdentRe = regexp.MustCompile(`^[A-Za-z_]\w*$`)

// scanOrder explains a Scan error on column idx, named col, by a
// function the request reached whose query selects col at idx and whose
// Scan gives that index another destination; it reports whether it did.
func (a *analysis) scanOrder(col string, idx int, into string) bool {
	src := a.app()
	if src == nil || src.mod == nil || col == "" {
		return false
	}
	want := strings.ToLower(col)
	field := strings.ToLower(appsource.CamelCase(col))
	for _, ref := range a.reached() {
		if ref.Decl == nil || ref.Decl.Body == nil {
			continue
		}
		f, fn := src.viewOf(ref.File), funcName(ref.Decl)
		var query *ast.BasicLit
		var cols []string
		var scan *ast.CallExpr
		ast.Inspect(ref.Decl.Body, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.BasicLit:
				if x.Kind != token.STRING || query != nil {
					return true
				}
				text, err := strconv.Unquote(x.Value)
				m := selectListRe.FindStringSubmatch(text)
				if err != nil || m == nil {
					return true
				}
				if c := selectColumns(m[1]); idx < len(c) && c[idx] == want {
					query, cols = x, c
				}
			case *ast.CallExpr:
				if sel, ok := x.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Scan" && len(x.Args) == len(cols) && scan == nil {
					scan = x
				}
			}
			return true
		})
		if query == nil || scan == nil || idx >= len(scan.Args) {
			continue
		}
		dest := src.exprText(f, scan.Args[idx])
		if strings.Contains(strings.ToLower(dest), field) {
			continue // the destination is the column's: the type is wrong, not the order
		}
		right := ""
		for _, arg := range scan.Args {
			if t := src.exprText(f, arg); strings.HasSuffix(strings.ToLower(strings.TrimPrefix(t, "&")), "."+field) {
				right = t
			}
		}
		ql, sl := src.lineAt(f, query.Pos(), fn), src.lineAt(f, scan.Pos(), fn)
		a.g.Add(dest, right, col)
		a.headline("The Scan's destinations are not in the query's order: column " + code(col))
		said := "The query in " + code(fn) + " at " + code(a.fileLoc(ql.Path, ql.Line)) + " selects " + code(col) + " as its column " + strconv.Itoa(idx+1) + " (" + codeList(cols) + "), and its Scan at " + code(a.fileLoc(sl.Path, sl.Line)) + " puts that column into " + code(dest)
		if into != "" {
			said += ", a " + code(strings.TrimPrefix(into, "*"))
		}
		said += ": the order of the selected columns is not that of the Scan's destinations."
		if right != "" {
			said += " " + code(right) + ", where " + code(col) + " belongs, is another of its destinations."
		}
		a.why(said, "Scanning column "+code(col)+" failed: the order of the selected columns is not that of the Scan's destinations, so the column goes into another field.")
		var dests []string
		for _, arg := range scan.Args {
			dests = append(dests, src.exprText(f, arg))
		}
		if list, ok := listForDestinations(cols, dests); ok {
			a.g.Add(list)
			a.fix("In "+code(fn)+", select the columns in the order the Scan takes them: "+code(list)+" (or put the Scan's destinations in the order of the select list).",
				"Select the columns in the order the Scan takes them (or put the Scan's destinations in the order of the select list).")
		} else {
			a.fix("In "+code(fn)+", put the Scan's destinations in the order of the select list (or the list in the order of the destinations), so that each column goes to its field.",
				"Put the Scan's destinations in the order of the select list, so that each column goes to its field.")
		}
		return true
	}
	return false
}

// listForDestinations returns the select list reordered to match a
// Scan's destinations, each destination's name (&p.AmountCents, &paid)
// matched to the one column it names or begins (amount_cents, paid_on);
// ok is false when one does not match exactly one column.
func listForDestinations(cols, dests []string) (string, bool) {
	if len(cols) != len(dests) {
		return "", false
	}
	used := make([]bool, len(cols))
	var out []string
	for _, d := range dests {
		name := strings.TrimPrefix(strings.TrimSpace(d), "&")
		if i := strings.LastIndexByte(name, '.'); i >= 0 {
			name = name[i+1:]
		}
		name = normName(name)
		pick := -1
		for i, c := range cols {
			if used[i] || c == "" {
				continue
			}
			if nc := normName(c); nc == name || len(name) >= 3 && strings.HasPrefix(nc, name) {
				if pick >= 0 {
					return "", false
				}
				pick = i
			}
		}
		if pick < 0 {
			return "", false
		}
		used[pick] = true
		out = append(out, cols[pick])
	}
	return strings.Join(out, ", "), true
}
