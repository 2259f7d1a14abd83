package offline

import (
	"strings"
	"testing"
)

// A nil field of a type whose name another package's type shares (the
// service's User and the model's User): only the literals of the failing
// method's own type are where it was built without the field, and the
// one fix names that literal once.
func TestUnsetFieldOfItsOwnTypeOnly(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/crew\n\ngo 1.22\n",
		"model/model.go": `package model

// User is a stored user.
type User struct {
	Name string
	sec  string
}

// Blank returns an empty user.
func Blank() User { return User{Name: "nobody"} }
`,
		"user/service.go": `package user

import "example.com/crew/model"

// Hasher hashes passwords.
type Hasher interface{ Hash(s string) string }

// User is the user service.
type User struct {
	store map[string]model.User
	sec   Hasher
}

// New returns the service.
func New(store map[string]model.User) *User {
	return &User{store: store}
}

// Create stores a user with a hashed password.
func (u *User) Create(name, pass string) model.User {
	m := model.User{Name: name}
	m.Name = u.sec.Hash(pass) //!deref
	u.store[name] = m
	return m
}
`,
	}
	app := writeMarkedApp(t, files)
	r := panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference",
		app.frame(t, "deref", "example.com/crew/user.(*User).Create"))
	text := Analyze(r)
	mustHave(t, text, "`User` is built without setting `sec` at `New`", "return &User{store: store}")
	mustLack(t, text, "model.go", "Blank", "model.User{Name: name}")
	if n := strings.Count(text, "Set `sec` where the `User` is built"); n != 1 {
		t.Errorf("the fix is given %d times:\n%s", n, text)
	}
}

// An unexported field another package's type also has, and sets: that
// assignment cannot be the failing type's, whose package never sets it.
func TestUnexportedFieldSetOnlyInItsPackage(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/gate\n\ngo 1.22\n",
		"session/session.go": `package session

// Manager keeps sessions.
type Manager struct{ name string }

// Token returns the session's token.
func (m *Manager) Token() string { return m.name }
`,
		"auth/repo.go": `package auth

import "example.com/gate/session"

type repo struct {
	session *session.Manager
	secret  string
}

// NewRepo returns the repository.
func NewRepo(secret string) *repo {
	return &repo{secret: secret}
}

// Csrf returns the session's token.
func (r *repo) Csrf() string {
	return r.session.Token() //!deref
}
`,
		"server/server.go": `package server

import "example.com/gate/session"

// Server serves.
type Server struct {
	session *session.Manager
}

// Init sets the server's session manager.
func (s *Server) Init() {
	s.session = &session.Manager{}
}
`,
	}
	app := writeMarkedApp(t, files)
	r := panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference",
		app.frame(t, "deref", "example.com/gate/auth.(*repo).Csrf"))
	text := Analyze(r)
	mustHave(t, text, "`repo` is built without setting `session` at `NewRepo`", "Set `session` where the `repo` is built")
	mustLack(t, text, "sets it afterwards", "server.go")
}
