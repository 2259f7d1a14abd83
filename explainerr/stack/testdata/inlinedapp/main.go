// Command inlinedapp is an app written the way many are: everything in
// package main, explainerr and chi's Timeout wrapped around a handler
// right in main, so that the compiler inlines the middleware constructors
// and names their closures after main.main. It serves one failing
// request on a loopback test server and prints the JSON report.
package main

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"time"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/go-chi/chi/v5/middleware"
)

type inventory struct {
	counts map[string]int
}

func (inv *inventory) add(sku string) {
	inv.counts[sku]++
}

func handler(w http.ResponseWriter, r *http.Request) {
	inv := &inventory{}
	inv.add(r.URL.Query().Get("sku"))
	fmt.Fprintln(w, "added")
}

func main() {
	ex, err := explainerr.New(explainerr.WithProviderName("offline"), explainerr.WithRuntimeFrames(true))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	h := middleware.Timeout(5 * time.Second)(http.HandlerFunc(handler))
	srv := httptest.NewServer(ex.Middleware(h))
	defer srv.Close()

	req, _ := http.NewRequest("GET", srv.URL+"/add?sku=A1", nil)
	req.Header.Set("Accept", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer resp.Body.Close()
	io.Copy(os.Stdout, resp.Body)
}
