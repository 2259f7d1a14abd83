package offline

import (
	"encoding/json"
	"regexp"
	"sort"
	"strings"
)

// A unique constraint's violation is the client's error only when the
// client sent the value: a name it chose, an e-mail it typed. When the
// value is the app's own (an id it generates, a default it fills in, a
// column it copies from another row), answering 409 blames the client for
// the app's bug, and "check for the value first" checks nothing the
// client can change. So who sent the value is read from the request
// before either is said: its JSON body, form, query and route parameters
// are searched for a field named like one of the constraint's columns, or
// for the value the error quotes.

// duplicateSender is what the request shows of who sent a duplicated
// value.
type duplicateSender int

const (
	// senderUnknown: the report has no request, or one whose body was
	// not read as fields (a crash dump, a job, a text or multipart body).
	senderUnknown duplicateSender = iota
	// senderClient: the request sends one of the columns, or the value.
	senderClient
	// senderNotClient: the request's fields are known and none of them is
	// one of the columns or the value.
	senderNotClient
)

// reDuplicateKeyValue matches PostgreSQL's detail of a unique violation:
// Key (email)=(ann@example.com) already exists.
var reDuplicateKeyValue = regexp.MustCompile(`Key \(([^)]*)\)=\(([^)]*)\) already exists`)

// duplicateSentBy reads who sent the duplicated value of cols: the
// client, when the request has a field of that name or the value the
// error quotes; not the client, when the request's fields are all known
// and none is; else unknown. field is the request's field that carries
// it, when there is one.
func (a *analysis) duplicateSentBy(cols []string) (who duplicateSender, field string) {
	q := a.r.Request
	if q.Method == "" && q.URL == "" {
		return senderUnknown, ""
	}
	if m := reDuplicateKeyValue.FindStringSubmatch(a.r.Error.Message + "\n" + a.f.Message); m != nil {
		for _, v := range strings.Split(m[2], ", ") {
			if v == "" {
				continue
			}
			if k := a.requestFieldOf(v); k != "" {
				return senderClient, k
			}
			var body any
			if json.Unmarshal([]byte(q.Body), &body) == nil {
				if k := jsonKeyOfValue(body, v); k != "" {
					return senderClient, k
				}
			}
			if a.requestSource(v) != "" || strings.Contains(q.Body, v) {
				return senderClient, ""
			}
		}
	}
	want := map[string]bool{}
	for _, c := range cols {
		if c != "" {
			want[normName(c)] = true
		}
	}
	if len(want) == 0 {
		return senderUnknown, ""
	}
	names, known := a.requestFieldNames()
	for _, n := range names {
		if namesColumn(n, want) {
			return senderClient, n
		}
	}
	if !known {
		return senderUnknown, ""
	}
	return senderNotClient, ""
}

// requestFieldNames lists the names of the request's fields that carry a
// value: its route parameters, query and form keys, and the keys of its
// JSON body at any depth. known is false when the request has a body
// that is not JSON (its fields cannot be read).
func (a *analysis) requestFieldNames() (names []string, known bool) {
	q := a.r.Request
	for _, seg := range strings.Split(q.Route, "/") {
		if strings.HasPrefix(seg, "{") || strings.HasPrefix(seg, ":") {
			name := strings.Trim(seg, "{}:*")
			if i := strings.IndexByte(name, ':'); i >= 0 {
				name = name[:i]
			}
			names = append(names, name)
		}
	}
	for _, m := range []map[string][]string{q.Query, q.Form} {
		for _, k := range sortedKeys(m) {
			for _, v := range m[k] {
				if v != "" {
					names = append(names, k)
					break
				}
			}
		}
	}
	body := strings.TrimSpace(q.Body)
	if body == "" {
		// A method that carries a body, with none read as a body or a
		// form: its fields may be where the capture did not see them
		// (a multipart form, a body the handler never read).
		switch q.Method {
		case "POST", "PUT", "PATCH":
			return names, len(q.Form) > 0
		}
		return names, true
	}
	var v any
	if json.Unmarshal([]byte(body), &v) != nil {
		return names, false
	}
	keys := jsonKeysWithValues(v)
	sort.Strings(keys)
	return append(names, keys...), true
}

// namesColumn reports whether the request's field name (a dotted path
// for a nested JSON key) is one of the columns want (by normName): its
// path or its last key as a whole, or the last key as the end of a
// column's name (email of owner_email) when it has four letters or more.
func namesColumn(name string, want map[string]bool) bool {
	last := name[strings.LastIndexByte(name, '.')+1:]
	if want[normName(strings.ReplaceAll(name, ".", ""))] || want[normName(last)] {
		return true
	}
	if n := normName(last); len(n) >= 4 {
		for col := range want {
			if strings.HasSuffix(col, n) {
				return true
			}
		}
	}
	return false
}

// jsonKeysWithValues returns the keys of v's objects, at any depth, whose
// value is not null or empty, a nested key as its dotted path
// (owner.email).
func jsonKeysWithValues(v any) []string {
	var out []string
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			switch e := e.(type) {
			case nil:
				continue
			case string:
				if e == "" {
					continue
				}
			}
			out = append(out, k)
			for _, sub := range jsonKeysWithValues(e) {
				out = append(out, k+"."+sub)
			}
		}
	case []any:
		for _, e := range x {
			out = append(out, jsonKeysWithValues(e)...)
		}
	}
	return out
}

// jsonKeyOfValue returns the key of v's objects, at any depth, whose
// value is the string value, as its dotted path; "" when none is.
func jsonKeyOfValue(v any, value string) string {
	switch x := v.(type) {
	case map[string]any:
		for _, k := range sortedKeys(x) {
			if s, ok := x[k].(string); ok && s == value {
				return k
			}
			if sub := jsonKeyOfValue(x[k], value); sub != "" {
				return k + "." + sub
			}
		}
	case []any:
		for _, e := range x {
			if k := jsonKeyOfValue(e, value); k != "" {
				return k
			}
		}
	}
	return ""
}

// explainAppMadeDuplicate says that the request sends none of the
// columns cols of a violated unique constraint: the value is the app's,
// and answering 409 would blame the client for it.
//
// A unique index of one column that the schema gives (found in sight)
// is named too: a value the client may leave out is written empty by
// every request that does, and such an index admits it once.
func (a *analysis) explainAppMadeDuplicate(table string, cols []string) {
	a.g.Add(cols...)
	what := code(strings.Join(cols, ", "))
	a.why("The request sends no " + what + ": no field of its body, query or route has that name, so the value written is not one the client chose: the app's own, or an empty value read from a field the request does not have.")
	if k, ok := a.oneColumnKey(table, cols); ok {
		a.g.AddScanned(a.fileLoc(k.at.Path, k.at.Line))
		a.why("The schema makes " + what + " unique at " + a.cite(k.at) + ": every row written without a value for it holds the same empty value, which that index admits once.")
		a.fix("If " + what + " is optional, keep the empty value out of the index where it is defined (" + code(a.fileLoc(k.at.Path, k.at.Line)) + "): a partial unique index over the rows that have one (with a WHERE clause that leaves the empty value out), or NULL stored for a missing value, which a unique index does not compare.")
	}
	a.fix("Find where the app sets " + what + " for the statement that failed: a value it reads from the request must be there (answer 400 Bad Request when it is required and missing); a value it makes must be unique (a UUID, the database's own key, a value not taken yet). Answering 409 Conflict would blame the client for the app's value.")
	a.fix("If the client does send it, under another name, check for it before writing, or recognise the constraint error and answer 409 Conflict (" + code("http.StatusConflict") + ").")
}

// oneColumnKey returns the unique key of table, in the schema in sight,
// over cols alone when cols is one column; false otherwise.
func (a *analysis) oneColumnKey(table string, cols []string) (uniqueKey, bool) {
	if table == "" || len(cols) != 1 {
		return uniqueKey{}, false
	}
	for _, k := range a.uniqueKeys(table) {
		if len(k.columns) == 1 && strings.EqualFold(k.columns[0], cols[0]) {
			return k, true
		}
	}
	return uniqueKey{}, false
}
