// Command notes serves notes kept in memory.
package main

import (
	"fmt"
	"os"

	"github.com/explainerr/explainerr/explainerr"

	"example.com/notes/store"
	"example.com/notes/web"
)

func main() {
	ex, err := explainerr.New(explainerr.WithProviderName("offline"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	st := store.New()
	st.Add(&store.Note{ID: 1, Title: "first"})
	h := web.NewHandler(st)
	probe(ex.Middleware(h.Routes()), os.Args[1:])
}
