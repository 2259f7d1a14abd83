package explainerr_test

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
)

// BenchmarkNewFailurePage measures the complete HTML page of a failure
// not seen before (its explanation not cached: each request's message
// names another product), the static context and the offline explanation
// included, once the understanding of this repository's module (about
// 60,000 lines; chi and go-sqlite3 among its dependencies) is built by a
// first failure. The target is at most 50 ms.
func BenchmarkNewFailurePage(b *testing.B) {
	for _, kind := range []string{"panic", "status"} {
		b.Run(kind, func(b *testing.B) {
			ex := benchExplainer(b)
			r := chi.NewRouter()
			r.Use(ex.Middleware)
			n := 0
			r.Get("/products/{id}", func(w http.ResponseWriter, req *http.Request) {
				n++
				err := lookUpProduct(productName(n))
				if kind == "panic" {
					panic(err)
				}
				http.Error(w, err.Error(), http.StatusInternalServerError)
			})
			req := httptest.NewRequest("GET", "/products/7", nil)
			req.RemoteAddr = "127.0.0.1:5555"
			req.Header.Set("Accept", "text/html")
			w := newDiscardWriter()
			w.body = &bytes.Buffer{}
			r.ServeHTTP(w, req) // builds the understanding
			if body := w.body.String(); w.status != http.StatusInternalServerError || !strings.Contains(body, "</html>") || !strings.Contains(body, "product catalogue has no") {
				b.Fatalf("status %d, incomplete page:\n%.300s", w.status, body)
			}
			serveFailures(b, r, req, w)
		})
	}
}

// errNoProduct is what lookUpProduct wraps.
var errNoProduct = errors.New("not in stock")

// lookUpProduct fails for every product, with a message naming it.
func lookUpProduct(name string) error {
	return fmt.Errorf("product catalogue has no %s: %w", name, errNoProduct)
}

// productName is a different word for each n ("b", "c", … "ba"), so that
// no two failures share a message, digits aside.
func productName(n int) string {
	var s []byte
	for n++; n > 0; n /= 26 {
		s = append([]byte{byte('a' + n%26)}, s...)
	}
	return "item-" + string(s)
}
