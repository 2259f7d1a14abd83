package market

import (
	"html/template"
	"net/http"
	"strconv"
)

// Server serves the shop's pages.
type Server struct {
	catalog *Catalog
	carts   map[string]*Cart
	tmpl    *template.Template
}

// productPage is the data of product.html.
type productPage struct {
	Product *Product
	Stars   int
}

// cartPage is the data of cart.html.
type cartPage struct {
	Lines  []Line
	Total  int64
	Coupon *Coupon
}

// NewServer parses the templates and returns a server for cat.
func NewServer(cat *Catalog) *Server {
	funcs := template.FuncMap{"money": formatCents, "short": shortAuthor}
	tmpl := template.Must(template.New("").Funcs(funcs).ParseGlob("templates/*.html"))
	return &Server{catalog: cat, carts: map[string]*Cart{}, tmpl: tmpl}
}

// Routes returns the shop's handler.
func (s *Server) Routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /products/{sku}", s.showProduct)
	mux.HandleFunc("POST /cart/{session}/add", s.addToCart)
	mux.HandleFunc("GET /cart/{session}", s.showCart)
	return mux
}

func (s *Server) showProduct(w http.ResponseWriter, r *http.Request) {
	p, err := s.catalog.Lookup(r.PathValue("sku"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	s.render(w, "product.html", productPage{Product: p, Stars: averageStars(p.Reviews)})
}

func (s *Server) addToCart(w http.ResponseWriter, r *http.Request) {
	qty, err := strconv.Atoi(r.FormValue("quantity"))
	if err != nil {
		http.Error(w, "bad quantity", http.StatusBadRequest)
		return
	}
	cart := s.cartFor(r.PathValue("session"))
	if err := cart.Add(r.FormValue("sku"), qty); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	http.Redirect(w, r, "/cart/"+r.PathValue("session"), http.StatusSeeOther)
}

func (s *Server) showCart(w http.ResponseWriter, r *http.Request) {
	cart := s.cartFor(r.PathValue("session"))
	lines, err := cart.Lines()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	total, _ := cart.Total()
	s.render(w, "cart.html", cartPage{Lines: lines, Total: total, Coupon: cart.coupon})
}

// cartFor returns the cart of a session, making it on first use.
func (s *Server) cartFor(session string) *Cart {
	c, ok := s.carts[session]
	if !ok {
		c = NewCart(s.catalog)
		s.carts[session] = c
	}
	return c
}

func (s *Server) render(w http.ResponseWriter, name string, data any) {
	if err := s.tmpl.ExecuteTemplate(w, name, data); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
