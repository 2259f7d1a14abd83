package appsource

import "testing"

// TestRegistryOfAnUnknownType: an error that a type is not registered
// brings the function that registers the module's other types, and no
// function that registers fewer than three.
func TestRegistryOfAnUnknownType(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/tables\n",
		"db/models.go": `package db

type User struct{}
type Team struct{}
type Token struct{}
type Audit struct{}
`,
		"store/connect.go": `package store

import "example.com/tables/db"

type Mapper struct{}

func (m *Mapper) AddTable(v any, name string) {}

func Connect(m *Mapper) {
	m.AddTable(db.User{}, "user")
	m.AddTable(db.Team{}, "team")
	m.AddTable(db.Audit{}, "audit")
}

func extra(m *Mapper) {
	m.AddTable(db.Token{}, "token")
}
`,
		"web/handler.go": `package web

import "net/http"

func token(w http.ResponseWriter, r *http.Request) {
	http.Error(w, "no table found for type: Token", http.StatusInternalServerError)
}
`,
	})
	r := ledgerReport(t, root, "web/handler.go", 6, "example.com/tables/web.token", "no table found for type: Token")
	got := reasons(Static(r))
	if !contains(got["constructor"], "store/connect.go:Connect") {
		t.Errorf("the registry is missing: %v", got)
	}
	if contains(got["constructor"], "store/connect.go:extra") {
		t.Errorf("a function that registers one type is read as the registry: %v", got)
	}
}
