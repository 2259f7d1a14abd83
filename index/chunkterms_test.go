package index

import (
	"go/scanner"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// scannerProse is goProse done with go/scanner: the reference the fast
// pass is checked against.
func scannerProse(src string, emit func(string)) {
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile("", -1, len(src)), []byte(src), func(token.Position, string) {}, scanner.ScanComments)
	for {
		_, tok, lit := s.Scan()
		switch tok {
		case token.EOF:
			return
		case token.COMMENT:
			emit(lit)
		case token.MAP, token.CHAN:
			emit(tok.String())
		case token.STRING:
			if u, err := strconv.Unquote(lit); err == nil {
				emit(u)
			} else {
				emit(lit)
			}
		}
	}
}

// TestGoProseMatchesScanner checks on real source (the chi router) that
// the one-pass goProse yields the terms go/scanner's tokens give.
func TestGoProseMatchesScanner(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(moduleDir(t, "github.com/go-chi/chi/v5"), "*", "*.go"))
	if err != nil || len(files) < 20 {
		t.Fatalf("chi source: %d files, %v", len(files), err)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		count := func(prose func(string, func(string))) map[string]int {
			tf := map[string]int{}
			prose(string(src), func(s string) {
				for _, term := range termsOf(s) {
					tf[term]++
				}
			})
			return tf
		}
		if got, want := count(goProse), count(scannerProse); !maps.Equal(got, want) {
			for term, n := range want {
				if got[term] != n {
					t.Errorf("%s: term %q %d times, go/scanner %d", filepath.Base(f), term, got[term], n)
				}
			}
			for term, n := range got {
				if _, ok := want[term]; !ok {
					t.Errorf("%s: term %q %d times, go/scanner none", filepath.Base(f), term, n)
				}
			}
		}
	}
	var got []string
	goProse("x := map[string]chan int{} // a \"quoted\" note\ns := \"tab\\there\\x41\" + `raw\\n` + string('\"')", func(s string) { got = append(got, s) })
	if want := []string{"map", "chan", ` a "quoted" note`, "tab here ", `raw\n`}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("goProse = %q, want %q", got, want)
	}
}

// BenchmarkChunkTerms measures the search terms of real chunks (chi's
// mux.go as one chunk), the cost chunkTerms adds to every indexed chunk.
func BenchmarkChunkTerms(b *testing.B) {
	src, err := os.ReadFile(filepath.Join(moduleDir(b, "github.com/go-chi/chi/v5"), "mux.go"))
	if err != nil {
		b.Fatal(err)
	}
	c := &chunk{File: "mux.go", Symbol: "Mux", Kind: KindFunc, Text: string(src), References: identifiersIn(string(src))}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		chunkTerms(c)
	}
}
