package main

import (
	"fmt"
	"go/token"
	"net/http"
	"os"
	"path/filepath"
	"strconv"

	"github.com/explainerr/explainerr/handler"
	"github.com/go-chi/chi/v5"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/imports"
)

// routes registers one failing route per kind of failure.
func routes(r chi.Router) {
	r.Get("/panic/index", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintln(w, pickAnalyzer([]string{"printf", "shadow", "nilness"}, 3+id(r)%4))
	})
	r.Get("/panic/nil", func(w http.ResponseWriter, r *http.Request) {
		path, _ := astutil.PathEnclosingInterval(nil, token.Pos(id(r)), token.Pos(id(r)+1))
		fmt.Fprintln(w, len(path))
	})
	r.Get("/panic/nilmap", func(w http.ResponseWriter, r *http.Request) {
		c := newCounter()
		c.add(r.URL.Query().Get("id"))
		fmt.Fprintln(w, c.seen)
	})
	r.Method("GET", "/error/format", handler.Func(func(w http.ResponseWriter, r *http.Request) error {
		out, err := formatSource(fmt.Sprintf("gen%d.go", id(r)), []byte("package gen\nfunc ("))
		if err != nil {
			return fmt.Errorf("formatting the generated file: %w", err)
		}
		_, err = w.Write(out)
		return err
	}))
	r.Method("GET", "/error/limit", handler.Func(func(w http.ResponseWriter, r *http.Request) error {
		limit, err := strconv.Atoi("limit-" + r.URL.Query().Get("id"))
		if err != nil {
			return fmt.Errorf("reading the limit: %v", err)
		}
		fmt.Fprintln(w, limit)
		return nil
	}))
	r.Get("/status/missing", func(w http.ResponseWriter, r *http.Request) {
		data, err := os.ReadFile(filepath.Join("testdata", "missing", fmt.Sprintf("page%d.html", id(r))))
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Write(data)
	})
}

// id is the request's "id" query parameter, 0 when absent or malformed.
func id(r *http.Request) int {
	n, _ := strconv.Atoi(r.URL.Query().Get("id"))
	return n
}

// pickAnalyzer returns the i-th name: out of range for i >= len(names).
func pickAnalyzer(names []string, i int) string {
	return names[i]
}

// counter counts the keys it was given; newCounter leaves its map nil.
type counter struct {
	seen map[string]int
}

// newCounter returns a counter whose map was never made.
func newCounter() *counter {
	return &counter{}
}

// add counts key once more: a write to a nil map.
func (c *counter) add(key string) {
	c.seen[key]++
}

// formatSource formats src as goimports does: an error for src that does
// not parse.
func formatSource(name string, src []byte) ([]byte, error) {
	return imports.Process(name, src, nil)
}
