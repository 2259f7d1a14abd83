// Command chi shows explainerr on a chi router: the middleware is installed
// with r.Use, so failure reports carry the chi route pattern.
//
// The model client is linked with a blank import below, so setting
// OPENAI_API_KEY (or OPENAI_BASE_URL) makes a model explain failures.
// Retrieval is linked in retrieval.go when cgo is available, so that
// EXPLAINERR_RAG=on also shows the model the app's own source, while
// CGO_ENABLED=0 still builds.
//
//	go run ./examples/chi [-addr 127.0.0.1:8081]
//
// Then open http://127.0.0.1:8081/items/lamp (works) and
// http://127.0.0.1:8081/items/sofa (panics: the item does not exist).
package main

import (
	"flag"
	"fmt"
	"log"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/explainerr/explainerr/explainerr"
	_ "github.com/explainerr/explainerr/explainerr/provider/openai"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8081", "address to listen on")
	flag.Parse()
	ex, err := explainerr.New()
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("listening on http://%s/", *addr)
	log.Fatal(http.ListenAndServe(*addr, newRouter(ex)))
}

// item is something the shop sells.
type item struct {
	Name  string
	Cents int
}

// catalog holds the items by SKU.
type catalog struct {
	items map[string]*item
}

// price formats the item's price.
func (c *catalog) price(sku string) string {
	it := c.items[sku] // nil for an unknown SKU
	return fmt.Sprintf("%s: $%d.%02d", it.Name, it.Cents/100, it.Cents%100)
}

// newRouter returns the shop's routes with ex's middleware installed.
func newRouter(ex *explainerr.Explainer) http.Handler {
	shop := &catalog{items: map[string]*item{
		"lamp":  {Name: "Desk lamp", Cents: 2450},
		"chair": {Name: "Chair", Cents: 8900},
	}}
	r := chi.NewRouter()
	r.Use(ex.Middleware)
	r.Get("/", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintln(w, "Try /items/lamp, then /items/sofa.")
	})
	r.Get("/items/{sku}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintln(w, shop.price(chi.URLParam(r, "sku")))
	})
	return r
}
