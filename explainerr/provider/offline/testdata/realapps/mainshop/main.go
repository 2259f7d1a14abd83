// Command mainshop is a small shop written the way many net/http apps are:
// every type and handler in package main.
package main

import (
	"fmt"
	"net/http"
	"os"
	"strings"

	"github.com/explainerr/explainerr/explainerr"
)

// Model is what the shop sells.
type Model struct {
	Name string
}

// Config holds the shop's display settings.
type Config struct {
	Prefix string
}

// User is a signed-in customer.
type User struct {
	Name string
}

// Server holds the shop's state.
type Server struct {
	model  *Model
	cfg    *Config
	carts  map[string][]string
	recent []string
}

// NewServer builds the shop around its model.
func NewServer(m *Model) *Server {
	return &Server{
		model: m,
	}
}

func (s *Server) title(w http.ResponseWriter, r *http.Request) {
	fmt.Fprintln(w, s.model.Name+s.cfg.Prefix)
}

func (s *Server) addToCart(w http.ResponseWriter, r *http.Request) {
	user := r.URL.Query().Get("user")
	s.carts[user] = append(s.carts[user], r.URL.Query().Get("item"))
	fmt.Fprintln(w, "added")
}

func (s *Server) latest(w http.ResponseWriter, r *http.Request) {
	fmt.Fprintln(w, "latest:", s.recent[0])
}

// currentUser finds the user named by the session header.
func currentUser(r *http.Request) *User {
	name := r.Header.Get("X-User")
	if name == "" {
		return nil
	}
	return &User{Name: name}
}

func greeting(u *User, c *Config) string {
	return c.Prefix + strings.ToUpper(u.Name)
}

func (s *Server) hello(w http.ResponseWriter, r *http.Request) {
	fmt.Fprintln(w, greeting(currentUser(r), &Config{Prefix: "Hi "}))
}

// Order is a placed order.
type Order struct {
	Buyer *User
	Item  *Model
}

var orders = map[string]*Order{"o1": {Buyer: &User{Name: "ann"}}}

func (s *Server) receipt(w http.ResponseWriter, r *http.Request) {
	o := orders[r.URL.Query().Get("id")]
	fmt.Fprintln(w, o.Buyer.Name+" bought "+o.Item.Name)
}

func (s *Server) profile(w http.ResponseWriter, r *http.Request) {
	u := currentUser(r)
	fmt.Fprintln(w, "profile of", u.Name)
}

func main() {
	ex, err := explainerr.New(explainerr.WithProviderName("offline"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	s := NewServer(&Model{Name: "shop"})
	mux := http.NewServeMux()
	mux.HandleFunc("/title", s.title)
	mux.HandleFunc("/cart/add", s.addToCart)
	mux.HandleFunc("/latest", s.latest)
	mux.HandleFunc("/hello", s.hello)
	mux.HandleFunc("/receipt", s.receipt)
	mux.HandleFunc("/profile", s.profile)
	probe(ex.Middleware(mux), os.Args[1:])
}
