// Command echo shows explainerr as the recoverer of an echo app: the app
// does not install echo's Recover middleware, the instance is wrapped in
// explainerr's middleware from outside, one echo middleware hands echo's
// route pattern to the report, and echo's error handler hands the errors
// handlers return to explainerr.
//
//	go run ./echo [-addr 127.0.0.1:8085]
//
// Then open http://127.0.0.1:8085/users/ada (works),
// http://127.0.0.1:8085/users/bob (panics: bob has no profile) and
// http://127.0.0.1:8085/users/ada/avatar (returns an error).
package main

import (
	"errors"
	"flag"
	"fmt"
	"log"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/explainerr/explainerr/explainerr"
	_ "github.com/explainerr/explainerr/explainerr/provider/openai" // the model client, used when OPENAI_API_KEY or OPENAI_BASE_URL is set
	"github.com/explainerr/explainerr/handler"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8085", "address to listen on")
	flag.Parse()
	ex, err := explainerr.New()
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("listening on http://%s/", *addr)
	log.Fatal(http.ListenAndServe(*addr, ex.Middleware(newEcho())))
}

// recordRoute hands echo's route pattern ("/users/:name") to explainerr,
// which reads it from http.Request.Pattern. Middleware added with Use runs
// after routing, so the pattern is known.
func recordRoute(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		c.Request().Pattern = c.Path()
		return next(c)
	}
}

// reportErrors is echo's error handler: an error a handler returned, or
// a 5xx HTTPError, goes to explainerr (handler.Fail), so that the report
// has its message and chain; echo answers its own 404s and the app's 4xx
// HTTPErrors, and everything when explainerr is not there (a production
// build). echo wraps every route handler, so the handler that returned
// the error cannot be named: the report says so.
func reportErrors(e *echo.Echo) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		var he *echo.HTTPError
		if errors.As(err, &he) && he.Code < http.StatusInternalServerError || !handler.Fail(c.Response(), err, nil) {
			e.DefaultHTTPErrorHandler(err, c)
		}
	}
}

// profile is what the site knows about a user.
type profile struct {
	Name string
	Bio  string
}

// users holds the profiles by name; bob signed up but has none yet.
var users = map[string]*profile{
	"ada": {Name: "Ada", Bio: "Writes the first programs."},
	"bob": nil,
}

// greeting introduces the user called name.
func greeting(name string) string {
	p := users[name]
	return p.Name + ": " + p.Bio // nil pointer for bob
}

// newEcho returns the site's routes, without echo's Recover so that a
// panic reaches explainerr's middleware with its value and stack.
func newEcho() *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HTTPErrorHandler = reportErrors(e)
	e.Use(recordRoute)
	addRoutes(e)
	return e
}

// addRoutes adds the site's routes to e.
func addRoutes(e *echo.Echo) {
	e.GET("/users/:name", func(c echo.Context) error {
		return c.String(http.StatusOK, greeting(c.Param("name"))+"\n")
	})
	e.GET("/users/:name/avatar", avatar)
}

// avatar serves a user's picture; none is stored yet.
func avatar(c echo.Context) error {
	return fmt.Errorf("loading the avatar of %s: %w", c.Param("name"), errNoStorage)
}

// errNoStorage is the error of a store that is not set up.
var errNoStorage = errors.New("no picture storage is configured")
