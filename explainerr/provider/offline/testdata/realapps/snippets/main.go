// Command snippets serves saved snippets the way the "Let's Go" book's
// app does: a store behind an interface, its own panic recoverer that logs
// the value, and an error helper that logs the error with its stack.
package main

import (
	"fmt"
	"log"
	"net/http"
	"os"
	"runtime/debug"
	"strconv"

	"github.com/explainerr/explainerr/explainerr"

	"example.com/snippets/store"
)

type snippetStoreInterface interface {
	Get(id int) (*store.Snippet, error)
	Latest() ([]*store.Snippet, error)
}

type application struct {
	snippetStore snippetStoreInterface
	signupViews  map[string]int
}

func newApplication() *application {
	app := &application{
		snippetStore: store.New(),
	}
	return app
}

func (app *application) serverError(w http.ResponseWriter, r *http.Request, err error) {
	log.Printf("level=ERROR msg=%q trace=%q", err.Error(), debug.Stack())
	http.Error(w, "Internal Server Error", http.StatusInternalServerError)
}

func (app *application) recoverPanic(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				w.Header().Set("Connection", "close")
				app.serverError(w, r, fmt.Errorf("%v", v))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

func (app *application) home(w http.ResponseWriter, r *http.Request) {
	snippets, err := app.snippetStore.Latest()
	if err != nil {
		app.serverError(w, r, err)
		return
	}
	fmt.Fprintln(w, len(snippets))
}

func (app *application) snippetView(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.Atoi(r.PathValue("id"))
	if err != nil || id < 1 {
		http.NotFound(w, r)
		return
	}

	snippet, err := app.snippetStore.Get(id)
	if err != nil {
		app.serverError(w, r, err)
		return
	}

	w.Header().Set("X-Snippet", strconv.Itoa(id))

	log.Printf("level=INFO msg=%q title=%q", "viewing snippet", snippet.Title)
	fmt.Fprintln(w, snippet.Title)
}

func (app *application) userSignup(w http.ResponseWriter, r *http.Request) {
	app.signupViews[r.Header.Get("Referer")]++
	fmt.Fprintln(w, "sign up")
}

func main() {
	ex, err := explainerr.New(explainerr.WithProviderName("offline"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	app := newApplication()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", app.home)
	mux.Handle("GET /snippet/view/{id}", app.recoverPanic(http.HandlerFunc(app.snippetView)))
	mux.Handle("GET /user/signup", app.recoverPanic(http.HandlerFunc(app.userSignup)))
	probe(ex.Middleware(mux), os.Args[1:])
}
