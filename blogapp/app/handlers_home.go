package app

import (
	"net/http"
	"net/url"

	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/explainerr"
)

// fixtureLink is how the home page shows one fixture: a link for GET, a
// form with hidden fields for POST.
type fixtureLink struct {
	ID       string
	Method   string
	Path     string
	Category string
	Fields   []formField
}

// formField is one hidden field of a fixture's form.
type formField struct{ Name, Value string }

// fixtureLinks prepares the fixtures for the home page.
func fixtureLinks(fixtures []fixture.Fixture) ([]fixtureLink, error) {
	links := make([]fixtureLink, 0, len(fixtures))
	for _, f := range fixtures {
		l := fixtureLink{ID: f.ID, Method: f.Method, Path: f.Path, Category: f.Category}
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

// handleHome shows the latest posts and the list of fixtures.
func (s *Server) handleHome() explainerr.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		posts, err := s.store.RecentPosts(r.Context(), 5)
		if err != nil {
			return err
		}
		links, err := fixtureLinks(s.fixtures)
		if err != nil {
			return err
		}
		s.render(w, http.StatusOK, "home.html", pageData{
			"Title":    "The Breakable Blog",
			"Posts":    posts,
			"Fixtures": links,
		})
		return nil
	}
}
