package index

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"unicode"
)

func TestTermsOfMeetsIdentifiersAndWords(t *testing.T) {
	for _, tc := range []struct {
		identifier, words string
		shared            []string
	}{
		{"NewServer", "new server", []string{"new", "serv"}},
		{"rateLimiter", "rate limiting", []string{stemTerm("rate"), "limit"}},
		{"parse_http_headers", "parsed HTTP header", []string{"pars", "http", "head"}},
		{"HTTP2Server", "http 2 servers", []string{"http", "serv"}},
	} {
		id, w := termsOf(tc.identifier), termsOf(tc.words)
		for _, s := range tc.shared {
			if !slices.Contains(id, s) || !slices.Contains(w, s) {
				t.Errorf("termsOf(%q) = %q and termsOf(%q) = %q do not share %q", tc.identifier, id, tc.words, w, s)
			}
		}
	}
	if got := termsOf("NewServer"); !slices.Contains(got, "newserver") {
		t.Errorf("termsOf(NewServer) = %q, want the whole identifier too", got)
	}
	if got := termsOf("where is the Server created?"); !slices.Equal(got, []string{"serv", "creat"}) {
		t.Errorf("question terms = %q, want [serv creat]", got)
	}
}

func TestStemTerm(t *testing.T) {
	for _, group := range [][]string{
		{"limit", "limits", "limiting", "limited", "limiter"},
		{"handle", "handler", "handlers", "handled", "handling"},
		{"entry", "entries"},
		{"map", "mapping", "mapped"},
		{"cache", "caches", "caching", "cached"},
		{"order", "orders", "ordered", "ordering"},
	} {
		want := stemTerm(group[0])
		for _, w := range group[1:] {
			if got := stemTerm(w); got != want {
				t.Errorf("stemTerm(%q) = %q, want %q like %q", w, got, want, group[0])
			}
		}
	}
	for _, w := range []string{"status", "class", "new", "db", "use", "analysis"} {
		if got := stemTerm(w); len(got) < min(3, len(w)) || got[:2] != w[:2] {
			t.Errorf("stemTerm(%q) = %q", w, got)
		}
	}
	if stemTerm("status") != "status" || stemTerm("class") != "class" {
		t.Errorf("stemTerm cut a word that is not a plural: %q %q", stemTerm("status"), stemTerm("class"))
	}
}

func TestQueryTermsExpandGoSpellings(t *testing.T) {
	got := map[string]float64{}
	for _, qt := range queryTerms("nil map in constructor context") {
		got[qt.term] = qt.weight
	}
	if got["nil"] != 1 || got["map"] != 1 || got["constructor"] != 1 {
		t.Errorf("query terms %v lack the query's own words at weight 1", got)
	}
	if got["new"] != expansionWeight || got["ctx"] != expansionWeight {
		t.Errorf("query terms %v lack the Go spellings new and ctx at %v", got, expansionWeight)
	}
	// A word the query has itself keeps its full weight.
	for _, qt := range queryTerms("create a new store") {
		if qt.term == "new" && qt.weight != 1 {
			t.Errorf("new weighs %v, want 1", qt.weight)
		}
	}
}

func TestChunkTerms(t *testing.T) {
	c := &chunk{
		File: "app/server.go", Symbol: "NewServer", Kind: KindFunc,
		Declares:   []string{"NewServer"},
		References: []string{"Server", "limiter", "http"},
		Text:       "// NewServer returns a server with rate limiting.\nfunc NewServer() *Server {\n\treturn &Server{name: \"the blog\"}\n}",
	}
	tf := chunkTerms(c)
	if tf["newserver"] != termWeightSymbol+termWeightDeclares+termWeightOther {
		t.Errorf("newserver weighs %d, want symbol+declared+comment", tf["newserver"])
	}
	for _, term := range []string{stemTerm("rate"), "limit", "blog", "app", "http"} {
		if tf[term] == 0 {
			t.Errorf("chunk terms %v lack %q", tf, term)
		}
	}
	if tf["func"] != 0 || tf["name"] != 0 {
		t.Errorf("chunk terms %v hold words of the code that are neither identifiers it declares or uses, nor prose", tf)
	}
}

// TestTermsOfFastPathMatchesSplitTerm checks the ASCII fast path of
// termsOf against the general one (splitTerm) on real source.
func TestTermsOfFastPathMatchesSplitTerm(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(moduleDir(t, "github.com/go-chi/chi/v5"), "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("chi source: %v", err)
	}
	extra := "HTTP2Server_v1 parseHTTPRequest userID2Name __x__ ABC a1b2 X_Y_Z URLParamFromCtx"
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text := string(src) + " " + extra
		var want []string
		words(text, func(w string) { want = appendWordTerms(want, w, splitTerm(w)) })
		if got := termsOf(text); !slices.Equal(got, want) {
			t.Errorf("%s: termsOf gives %d terms, the general path %d", filepath.Base(f), len(got), len(want))
		}
	}
}

// TestWordsMatchesUnicodeClasses: words, which classifies ASCII bytes by a
// table, splits like a plain rune-by-rune reading of unicode's letter and
// digit classes, on ASCII, other scripts, digits and invalid UTF-8.
func TestWordsMatchesUnicodeClasses(t *testing.T) {
	reference := func(text string) []string {
		var out []string
		start := -1
		for i, r := range text {
			isWord := r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
			switch {
			case isWord && start < 0:
				start = i
			case !isWord && start >= 0:
				out = append(out, text[start:i])
				start = -1
			}
		}
		if start >= 0 {
			out = append(out, text[start:])
		}
		return out
	}
	texts := []string{
		"", "parseHTTPRequest_v2(ctx, r)", "// Größe der Datei: ñandú, 東京, Ελλάδα",
		"x\xffy\xc3(z", "٣٤ digits ௫ and 'quotes' `raw`", "a-b.c/d\te\nf_",
		"\u00a0nbsp\u2028line", "é", "\xc3",
	}
	for c := 0; c < 256; c++ {
		texts = append(texts, "a"+string(rune(c))+"b", "a"+string([]byte{byte(c)})+"b")
	}
	for _, text := range texts {
		var got []string
		words(text, func(w string) { got = append(got, w) })
		if want := reference(text); !slices.Equal(got, want) {
			t.Errorf("words(%q) = %q, want %q", text, got, want)
		}
	}
}
