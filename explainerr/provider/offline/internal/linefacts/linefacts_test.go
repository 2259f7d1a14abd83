package linefacts

import (
	"reflect"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// failMarker marks the failing line of a test's source.
const failMarker = "//!"

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
		check func(Facts) any
		want  any
	}{
		{"map assignment", "\ts.cache[p.ID] = p //!", func(f Facts) any { return f.Indexes }, []IndexOp{{X: "s.cache", Index: "p.ID", Assign: true}}},
		{"nested map increment", "\tm[a][b]++ //!", func(f Facts) any { return f.Indexes[0] }, IndexOp{X: "m[a]", Index: "b", Assign: true, Nested: true}},
		{"selector chain, outermost first", "\tname := p.Author.Name //!", func(f Facts) any {
			var bases []string
			for _, s := range f.Selectors {
				bases = append(bases, s.Base)
			}
			return bases
		}, []string{"p.Author", "p"}},
		{"if with a block opened", "\tif p.Draft { //!\n\t\treturn\n\t}", func(f Facts) any { return f.Selectors[0].Base }, "p"},
		{"else if", "\t} else if len(xs) > 0 && xs[0].ok { //!", func(f Facts) any { return f.Indexes[0].X }, "xs"},
		{"type assertion", "\tuid := ctx.Value(key).(int) //!", func(f Facts) any { return f.Asserts }, []AssertOp{{X: "ctx.Value(key)", Type: "int"}}},
		{"division", "\tpages := (total + per - 1) / per //!", func(f Facts) any { return f.Divisions[0].Y }, "per"},
		{"remainder assignment", "\tn %= size //!", func(f Facts) any { return f.Divisions[0] }, DivisionOp{"n", "size", "%"}},
		{"send in a select case", "\tselect {\n\tcase out <- v: //!\n\t}", func(f Facts) any { return f.Sends }, []string{"out"}},
		{"close", "\tclose(w.done) //!", func(f Facts) any { return f.Closes }, []string{"w.done"}},
		{"slice", "\treturn s[:n] + \"…\" //!", func(f Facts) any { return f.Slices }, []SliceOp{{X: "s", High: "n"}}},
		{"call spanning lines", "\trow := s.db.QueryRow(q, //!\n\t\tid)", func(f Facts) any { return f.Calls[0].Receiver }, "s.db"},
		{"continuation line of a chain", "\terr := s.db.QueryRow(q, id).\n\t\tScan(&p.ID) //!", func(f Facts) any { return f.Calls[0].Name }, "Scan"},
		{"composite literal element", "\t\tTitle: rows[0].Title, //!", func(f Facts) any { return f.Indexes[0].X }, "rows"},
		{"raw string with braces", "\tq := `SELECT {x} FROM t WHERE a = (` + s[i] //!", func(f Facts) any { return f.Indexes[0] }, IndexOp{X: "s", Index: "i"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := Analyze(window(t, tc.src))
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
		f := Analyze(window(t, src))
		if f.Parsed {
			t.Errorf("%q parsed", src)
		}
	}
	if f := Analyze(nil); f.Parsed {
		t.Error("nil window parsed")
	}
	if f := Analyze(&report.Source{StartLine: 1, Line: 9, Lines: []string{"x"}}); f.Parsed {
		t.Error("line outside the window parsed")
	}
}

func TestRootIdent(t *testing.T) {
	for in, want := range map[string]string{
		"p.Author.Name": "p", "s.cache[id]": "s", "*p": "p", "&(s).x": "s", "(*q).f": "q",
		"3 + x": "", "": "", `"lit"`: "",
	} {
		if got := RootIdent(in); got != want {
			t.Errorf("RootIdent(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestAssignsErr(t *testing.T) {
	for src, want := range map[string]bool{
		"\tp, err := s.load(id) //!":  true,
		"\terr = rows.Err() //!":      true,
		"\tp, errs := s.load(id) //!": false,
		"\treturn err //!":            false,
	} {
		if got := Analyze(window(t, src)).AssignsErr(); got != want {
			t.Errorf("AssignsErr of %q = %v, want %v", src, got, want)
		}
	}
}

// TestAnalyzeStatementLongerThanTheWindow: the first line of a statement
// whose arguments go on past the lines the window can join (a Scan of
// many destinations) is read with its brackets closed: its calls and the
// values they are made on.
func TestAnalyzeStatementLongerThanTheWindow(t *testing.T) {
	src := "\terr := m.DB.QueryRowContext(ctx, query, id).Scan( //!\n\t\t&a,\n\t\t&b,\n\t\t&c,\n\t\t&d,\n\t\t&e,\n\t\t&f,\n\t\t&g,\n\t\t&h,\n\t\t&i,"
	f := Analyze(window(t, src))
	var recv []string
	for _, c := range f.Calls {
		recv = append(recv, c.Receiver+"."+c.Name)
	}
	if !f.Parsed || !containsString(recv, "m.DB.QueryRowContext") {
		t.Errorf("calls %v, want m.DB.QueryRowContext among them", recv)
	}
}

func containsString(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
