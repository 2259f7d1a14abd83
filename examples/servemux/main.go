// Command servemux shows explainerr around a net/http ServeMux with Go 1.22
// routing patterns. The failing route writes its own 500 with http.Error,
// as most Go handlers do; explainerr replaces that body with its report.
//
//	go run ./examples/servemux [-addr 127.0.0.1:8082]
//
// Then open http://127.0.0.1:8082/users/1 (fails: a User has a field
// encoding/json cannot encode).
//
// Only the core is linked: explanations come from the offline analysis.
// The chi example shows the blank imports that add a model and retrieval.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net/http"
	"strconv"

	"github.com/explainerr/explainerr/explainerr"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8082", "address to listen on")
	flag.Parse()
	ex, err := explainerr.New()
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("listening on http://%s/", *addr)
	log.Fatal(http.ListenAndServe(*addr, newHandler(ex)))
}

// User is an account, served as JSON.
type User struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
	// OnRename is called after the name changes. encoding/json cannot
	// encode a func, and it has no `json:"-"` tag.
	OnRename func(old string)
}

// users holds the accounts by ID.
var users = map[int]*User{
	1: {ID: 1, Name: "Ada", OnRename: func(string) {}},
}

// showUser writes one user as JSON.
func showUser(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.Atoi(r.PathValue("id"))
	if err != nil {
		http.Error(w, "id must be a number", http.StatusBadRequest)
		return
	}
	u, ok := users[id]
	if !ok {
		http.NotFound(w, r)
		return
	}
	body, err := json.Marshal(u)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(body)
}

// newHandler returns the routes wrapped in ex's middleware.
func newHandler(ex *explainerr.Explainer) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintln(w, "Try /users/1.")
	})
	mux.HandleFunc("GET /users/{id}", showUser)
	return ex.Middleware(mux)
}
