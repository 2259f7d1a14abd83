package web

import (
	"net/http"
	"net/url"

	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/explainerr"
)

// fixtureLink is how the home page shows one fixture: a link for GET, a
// form with hidden fields for POST.
type fixtureLink struct {
	ID     string
	Group  string
	Method string
	Path   string
	Fields []formField
}

// formField is one hidden field of a fixture's form.
type formField struct{ Name, Value string }

// fixtureLinks prepares the fixtures for the home page.
func fixtureLinks(fixtures []fixture.Fixture) ([]fixtureLink, error) {
	links := make([]fixtureLink, 0, len(fixtures))
	for _, f := range fixtures {
		l := fixtureLink{ID: f.ID, Group: f.Group, Method: f.Method, Path: f.Path}
		if f.Body != "" {
			values, err := url.ParseQuery(f.Body)
			if err != nil {
				return nil, err
			}
			for name, vs := range values {
				for _, v := range vs {
					l.Fields = append(l.Fields, formField{Name: name, Value: v})
				}
			}
		}
		links = append(links, l)
	}
	return links, nil
}

// handleHome shows the latest invoices and the list of fixtures.
func (s *Server) handleHome() explainerr.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		invoices, err := s.svc.Invoices.List(r.Context(), 1, 5)
		if err != nil {
			return err
		}
		links, err := fixtureLinks(s.fixtures)
		if err != nil {
			return err
		}
		s.render(w, http.StatusOK, "home.html", pageData{
			"Title":    "Breakable Invoices",
			"Invoices": invoices,
			"Fixtures": links,
		})
		return nil
	}
}

// handleDashboard shows how many invoices are in each status.
func (s *Server) handleDashboard() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		counts, err := s.svc.Reports.Dashboard(r.Context())
		if err != nil {
			s.fail(w, r, err)
			return
		}
		s.render(w, http.StatusOK, "dashboard.html", pageData{"Title": "Dashboard", "Counts": counts})
	}
}
