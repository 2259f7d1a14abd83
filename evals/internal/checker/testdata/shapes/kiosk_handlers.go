package shapes

import (
	"fmt"
	"net/http"
)

// Products keeps the kiosk's products.
type Products struct{ names []string }

// Create adds a product.
func (p *Products) Create(name string) (int, error) {
	p.names = append(p.names, name)
	return len(p.names), nil
}

// KioskHandlers answer the kiosk's requests.
type KioskHandlers struct {
	product *Products
}

// Create answers a request to add a product.
func (h *KioskHandlers) Create(w http.ResponseWriter, r *http.Request) error {
	id, err := h.product.Create(r.FormValue("name"))
	if err != nil {
		return fmt.Errorf("create: product[%s]: %w", r.FormValue("name"), err)
	}
	fmt.Fprint(w, id)
	return nil
}

// serveKiosk serves the kiosk's routes; its errors are answered by a
// function literal.
func serveKiosk(k *KioskHandlers) http.Handler {
	h := http.NewServeMux()
	h.HandleFunc("/products", func(w http.ResponseWriter, r *http.Request) {
		if err := k.Create(w, r); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	})
	return h
}
