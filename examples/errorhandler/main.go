// Command errorhandler shows explainerr.HandlerFunc: handlers that return
// an error instead of writing a 500 themselves. Under the middleware a
// returned error becomes a report whose app frame is the handler.
//
// It also shows the production opt-out. The handlers name the type as
// handler.Func (explainerr.HandlerFunc is the same type), from a package
// that needs only the standard library; explainerr is wired in by
// explainerr.go, built unless the "prod" tag is set, and prod.go is its
// twin that wires nothing. So
//
//	go build -tags prod ./examples/errorhandler
//
// links none of explainerr's middleware, page, analysis, model client or
// index, and a returned error gets a plain 500.
//
//	go run ./examples/errorhandler [-addr 127.0.0.1:8083]
//
// Then open http://127.0.0.1:8083/notes/welcome (works) and
// http://127.0.0.1:8083/notes/todo (fails: the note's JSON is malformed).
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log"
	"net/http"
	"testing/fstest"

	"github.com/explainerr/explainerr/handler"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8083", "address to listen on")
	flag.Parse()
	withExplainerr, err := explainerrMiddleware()
	if err != nil {
		log.Fatal(err)
	}
	// The request logger outside explainerr, so that it logs the status
	// explainerr answered.
	h := logRequests(log.Default(), withExplainerr(newHandler(sampleNotes)))
	log.Printf("listening on http://%s/", *addr)
	log.Fatal(http.ListenAndServe(*addr, h))
}

// sampleNotes are the notes served; todo.json lacks a closing quote.
var sampleNotes = fstest.MapFS{
	"welcome.json": {Data: []byte(`{"title": "Welcome", "text": "Notes are JSON files."}`)},
	"todo.json":    {Data: []byte(`{"title": "To do", "text": "buy milk}`)},
}

// note is one note file.
type note struct {
	Title string `json:"title"`
	Text  string `json:"text"`
}

// noteHandler serves the notes in notes as /notes/{name}.
func noteHandler(notes fs.FS) handler.Func {
	return func(w http.ResponseWriter, r *http.Request) error {
		name := r.PathValue("name")
		data, err := fs.ReadFile(notes, name+".json")
		if errors.Is(err, fs.ErrNotExist) {
			http.NotFound(w, r)
			return nil
		}
		if err != nil {
			return err
		}
		var n note
		if err := json.Unmarshal(data, &n); err != nil {
			return fmt.Errorf("note %s: %w", name, err)
		}
		fmt.Fprintf(w, "%s\n\n%s\n", n.Title, n.Text)
		return nil
	}
}

// newHandler returns the routes over notes.
func newHandler(notes fs.FS) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /notes/{name}", noteHandler(notes))
	return mux
}
