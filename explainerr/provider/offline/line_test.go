package offline

import (
	"reflect"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// window builds a source window from lines; the failing line is marked
// with failMarker.
func window(t *testing.T, src string) *report.Source {
	t.Helper()
	lines := strings.Split(strings.Trim(src, "\n"), "\n")
	for i, l := range lines {
		if strings.Contains(l, failMarker) {
			lines[i] = strings.TrimRight(strings.Replace(l, failMarker, "", 1), " ")
			return &report.Source{StartLine: 100, Lines: lines, Line: 100 + i}
		}
	}
	t.Fatal("no failing line")
	return nil
}

func TestAnalyzeLine(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		check func(lineFacts) any
		want  any
	}{
		{"map assignment", "\ts.cache[p.ID] = p //!", func(f lineFacts) any { return f.Indexes }, []indexOp{{X: "s.cache", Index: "p.ID", Assign: true}}},
		{"nested map increment", "\tm[a][b]++ //!", func(f lineFacts) any { return f.Indexes[0] }, indexOp{X: "m[a]", Index: "b", Assign: true, Nested: true}},
		{"selector chain, outermost first", "\tname := p.Author.Name //!", func(f lineFacts) any {
			var bases []string
			for _, s := range f.Selectors {
				bases = append(bases, s.Base)
			}
			return bases
		}, []string{"p.Author", "p"}},
		{"if with a block opened", "\tif p.Draft { //!\n\t\treturn\n\t}", func(f lineFacts) any { return f.Selectors[0].Base }, "p"},
		{"else if", "\t} else if len(xs) > 0 && xs[0].ok { //!", func(f lineFacts) any { return f.Indexes[0].X }, "xs"},
		{"type assertion", "\tuid := ctx.Value(key).(int) //!", func(f lineFacts) any { return f.Asserts }, []assertOp{{X: "ctx.Value(key)", Type: "int"}}},
		{"division", "\tpages := (total + per - 1) / per //!", func(f lineFacts) any { return f.Divisions[0].Y }, "per"},
		{"remainder assignment", "\tn %= size //!", func(f lineFacts) any { return f.Divisions[0] }, divisionOp{"n", "size", "%"}},
		{"send in a select case", "\tselect {\n\tcase out <- v: //!\n\t}", func(f lineFacts) any { return f.Sends }, []string{"out"}},
		{"close", "\tclose(w.done) //!", func(f lineFacts) any { return f.Closes }, []string{"w.done"}},
		{"slice", "\treturn s[:n] + \"…\" //!", func(f lineFacts) any { return f.Slices }, []sliceOp{{X: "s", High: "n"}}},
		{"call spanning lines", "\trow := s.db.QueryRow(q, //!\n\t\tid)", func(f lineFacts) any { return f.Calls[0].Receiver }, "s.db"},
		{"continuation line of a chain", "\terr := s.db.QueryRow(q, id).\n\t\tScan(&p.ID) //!", func(f lineFacts) any { return f.Calls[0].Name }, "Scan"},
		{"composite literal element", "\t\tTitle: rows[0].Title, //!", func(f lineFacts) any { return f.Indexes[0].X }, "rows"},
		{"raw string with braces", "\tq := `SELECT {x} FROM t WHERE a = (` + s[i] //!", func(f lineFacts) any { return f.Indexes[0] }, indexOp{X: "s", Index: "i"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := analyzeLine(window(t, tc.src))
			if !f.Parsed {
				t.Fatal("line did not parse")
			}
			if got := tc.check(f); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %#v, want %#v", got, tc.want)
			}
		})
	}
}

func TestAnalyzeLineToleratesGarbage(t *testing.T) {
	for _, src := range []string{"\t<<< not go >>> //!", "//!", "\tfunc( //!"} {
		f := analyzeLine(window(t, src))
		if f.Parsed {
			t.Errorf("%q parsed", src)
		}
	}
	if f := analyzeLine(nil); f.Parsed {
		t.Error("nil window parsed")
	}
	if f := analyzeLine(&report.Source{StartLine: 1, Line: 9, Lines: []string{"x"}}); f.Parsed {
		t.Error("line outside the window parsed")
	}
}

func TestShortFunction(t *testing.T) {
	for in, want := range map[string]string{
		"example.com/app/store.(*Store).Get":                        "(*Store).Get",
		"main.handlePost.func1":                                     "handlePost.func1",
		"example.com/blog/app.(*Server).routes.(*Server).handle.f1": "(*Server).handle.f1",
		"main.main": "main",
		"example.com/app/work.(*Pool[go.shape.*example.com/app/work.Task]).run":                "(*Pool[...]).run",
		"example.com/app/work.(*Pool[go.shape.*example.com/app/work.Task]).run.func1":          "(*Pool[...]).run.func1",
		"example.com/app/work.Map[go.shape.string,go.shape.[]example.com/app/work.Item].func2": "Map[...].func2",
		"example.com/app/work.(*Pool[...]).run":                                                "(*Pool[...]).run",
		"example.com/app/cmd.glob..func6":                                                      "glob..func6",
	} {
		if got := shortFunction(in); got != want {
			t.Errorf("shortFunction(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestClosest(t *testing.T) {
	words := []string{"Author", "Title", "author", "body"}
	for _, tc := range []struct{ word, want string }{
		{"Auther", "Author"}, {"auther", "author"}, {"Titel", "Title"}, {"zzz", ""}, {"Title", ""},
	} {
		if got := closest(tc.word, words, 2); got != tc.want {
			t.Errorf("closest(%q) = %q, want %q", tc.word, got, tc.want)
		}
	}
}

// TestCallName: the function an assignment's value comes from is the
// outermost call of its expression, not the first of a chain.
func TestCallName(t *testing.T) {
	for in, want := range map[string]string{
		"s.store.FeaturedPost(ctx)":               "FeaturedPost",
		"s.db().LastMessage(channel)":             "LastMessage",
		"s.db().FirstPoster(r.Context(), ch)":     "FirstPoster",
		"json.NewDecoder(r.Body).Decode(&v)":      "Decode",
		"strconv.Atoi(r.URL.Query().Get(\"id\"))": "Atoi",
		"load[T](ctx)":                            "load",
		"(s.find)(id)":                            "find",
		"r.Context().Value(key).(string)":         "Context",
		"not a valid ( expression":                "valid",
		// A line that assigns: its value's outermost call.
		"user, err := s.db().FirstPoster(r.Context(), ch)":  "FirstPoster",
		"if err := s.store().Save(ctx, p); err != nil {":    "Save",
		"n, err = s.db().Count(ctx) // counts the messages": "Count",
		"x + 1": "",
	} {
		if got := callName(in); got != want {
			t.Errorf("callName(%q) = %q, want %q", in, got, want)
		}
	}
}
