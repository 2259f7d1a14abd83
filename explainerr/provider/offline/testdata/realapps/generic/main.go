// Command generic serves posts through generic helpers.
package main

import (
	"fmt"
	"net/http"
	"os"
	"strings"

	"github.com/explainerr/explainerr/explainerr"

	"example.com/generic/kit"
)

// Post is a blog post.
type Post struct {
	Title string
	Tags  []string
}

var posts = []Post{{Title: "Hello", Tags: []string{"intro"}}}

var views = kit.NewCache[string, int]()

func hasTag(tag string) func(Post) bool {
	return func(p Post) bool {
		for _, t := range p.Tags {
			if strings.EqualFold(t, tag) {
				return true
			}
		}
		return false
	}
}

func topByTag(w http.ResponseWriter, r *http.Request) {
	tagged := kit.Filter(posts, hasTag(r.URL.Query().Get("tag")))
	top := kit.First(tagged)
	fmt.Fprintln(w, top.Title)
}

func countView(w http.ResponseWriter, r *http.Request) {
	views.Put(r.URL.Path, 1)
	fmt.Fprintln(w, "counted")
}

func main() {
	ex, err := explainerr.New(explainerr.WithProviderName("offline"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/top", topByTag)
	mux.HandleFunc("/view/", countView)
	probe(ex.Middleware(mux), os.Args[1:])
}
