package shop

import (
	"html/template"
	"net/http"
	"strconv"
)

// Server serves the shop.
type Server struct {
	store *Store
	tmpl  *template.Template
}

func (srv *Server) showItem(w http.ResponseWriter, r *http.Request) {
	id, _ := strconv.ParseInt(r.URL.Query().Get("id"), 10, 64)
	item, _ := srv.store.ItemByID(id)
	srv.render(w, "item.html", item.Name)
}

func (srv *Server) render(w http.ResponseWriter, name string, data any) {
	srv.tmpl.ExecuteTemplate(w, name, data)
}
