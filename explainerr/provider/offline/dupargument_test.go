package offline

import "testing"

// TestValuePassedForTwoParameters: a provider reached through an
// interface passes the form's Username as both the username and the
// password of the login it calls, and never passes the form's Password:
// said, with the fix at that call. When Password is passed elsewhere in
// that function, nothing is said.
func TestValuePassedForTwoParameters(t *testing.T) {
	for _, tc := range []struct {
		call string
		says bool
	}{
		{"return p.users.Login(form.Username, form.Username)", true},
		{"if form.Password == \"\" {\n\t\treturn errors.New(\"no password\")\n\t}\n\treturn p.users.Login(form.Username, form.Username)", false},
	} {
		app := writeMarkedApp(t, map[string]string{
			"go.mod": "module example.com/gate\n",
			"users.go": `package gate

import (
	"errors"
	"net/http"
)

// ErrBadLogin is a login that does not match.
var ErrBadLogin = errors.New("invalid username or password")

// Users checks logins.
type Users struct{ hashes map[string]string }

// Login checks a user's password.
func (u *Users) Login(username, password string) error {
	if u.hashes[username] != password {
		return ErrBadLogin
	}
	return nil
}

// Form is a login form.
type Form struct{ Username, Password string }

// Provider signs people in.
type Provider interface{ Authenticate(r *http.Request) error }

// Local signs people in with a password.
type Local struct{ users *Users }

// Authenticate checks the form.
func (p *Local) Authenticate(r *http.Request) error {
	form := Form{Username: r.FormValue("username"), Password: r.FormValue("password")}
	` + tc.call + `
}

// Handler answers sign-ins.
type Handler struct{ providers map[string]Provider }

// SignIn signs in with the provider asked for.
func (h *Handler) SignIn(w http.ResponseWriter, r *http.Request) {
	p := h.providers[r.URL.Query().Get("provider")]
	if err := p.Authenticate(r); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //! fail
	}
}
`,
		})
		r := statusReport("invalid username or password", app.frame(t, "fail", "example.com/gate.(*Handler).SignIn"))
		text := Analyze(r)
		if tc.says {
			mustHave(t, text, "as both `username` and `password`", "pass `form.Password` as `password`")
		} else {
			mustLack(t, text, "as both")
		}
	}
}

// TestOneIDGivenForAnother: a handler passes the user's id where the
// store's parameter is the group's, while the group's id is in the same
// value and file: said, with the fix. A parameter named only "id" says no
// kind, and nothing is said.
func TestOneIDGivenForAnother(t *testing.T) {
	for _, tc := range []struct {
		param string
		says  bool
	}{{"GID", true}, {"id", false}} {
		app := writeMarkedApp(t, map[string]string{
			"go.mod": "module example.com/shelf\n",
			"shelf.go": `package shelf

import (
	"errors"
	"net/http"
)

// Auth is who asks.
type Auth struct{ UID, GID string }

// Shelves keeps shelves.
type Shelves struct{}

// Create adds a shelf to a group.
func (s *Shelves) Create(` + tc.param + ` string, name string) error {
	return errors.New("FOREIGN KEY constraint failed")
}

// Repos are the stores.
type Repos struct{ Shelves *Shelves }

// Handler answers.
type Handler struct{ repo Repos }

// Owner says whose group a request is of.
func Owner(auth Auth) string { return auth.GID }

// CreateShelf adds a shelf.
func (h *Handler) CreateShelf(w http.ResponseWriter, r *http.Request) {
	auth := Auth{UID: r.Header.Get("X-User"), GID: r.Header.Get("X-Group")}
	if err := h.repo.Shelves.Create(auth.UID, r.FormValue("name")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //! fail
	}
}
`,
		})
		text := Analyze(statusReport("FOREIGN KEY constraint failed", app.frame(t, "fail", "example.com/shelf.(*Handler).CreateShelf")))
		if tc.says {
			mustHave(t, text, "passes `auth.UID` as the `GID` of `Create`", "pass `auth.GID` as `GID`")
		} else {
			mustLack(t, text, "passes `auth.UID` as")
		}
	}
}
