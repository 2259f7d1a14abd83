// Command gin shows explainerr as the recoverer of a gin app: the engine is
// made with gin.New() (not gin.Default(), whose Recovery would catch the
// panic first) and wrapped in the middleware from outside, and one gin
// middleware hands gin's route pattern to the report.
//
//	go run ./gin [-addr 127.0.0.1:8084]
//
// Then open http://127.0.0.1:8084/books/1 (works) and
// http://127.0.0.1:8084/books/7 (panics: the shelf has no seventh book).
package main

import (
	"flag"
	"log"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"

	"github.com/explainerr/explainerr/explainerr"
	_ "github.com/explainerr/explainerr/explainerr/provider/openai" // the model client, used when OPENAI_API_KEY or OPENAI_BASE_URL is set
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8084", "address to listen on")
	flag.Parse()
	ex, err := explainerr.New()
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("listening on http://%s/", *addr)
	log.Fatal(http.ListenAndServe(*addr, ex.Middleware(newEngine())))
}

// recordRoute hands gin's route pattern ("/books/:id") to explainerr,
// which reads it from http.Request.Pattern. Install it first.
func recordRoute(c *gin.Context) {
	c.Request.Pattern = c.FullPath()
	c.Next()
}

// shelf is the books on sale, by position.
var shelf = []string{"The Go Programming Language", "Concurrency in Go", "Learning Go"}

// bookTitle returns the title of the book at position id.
func bookTitle(id int) string {
	return shelf[id] // no bounds check: /books/7 panics
}

// newEngine returns the bookshop's routes, without gin's Recovery so that
// a panic reaches explainerr's middleware with its value and stack.
func newEngine() *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(recordRoute)
	addRoutes(r)
	return r
}

// addRoutes adds the bookshop's routes to r.
func addRoutes(r *gin.Engine) {
	r.GET("/books/:id", func(c *gin.Context) {
		id, err := strconv.Atoi(c.Param("id"))
		if err != nil {
			c.String(http.StatusBadRequest, "not a book number")
			return
		}
		c.String(http.StatusOK, "%s\n", bookTitle(id))
	})
}
