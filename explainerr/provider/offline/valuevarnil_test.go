package offline

import "testing"

// TestStructValueIsNeverTheNil: a local declared with a struct type of
// another package of the module ("var role model.Role") is never the nil
// value: the pointer field read through it is, and nothing says the
// local is nil.
func TestStructValueIsNeverTheNil(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/roles\n\ngo 1.22\n",
		"model/role.go": `package model

// Role is a role with an optional parent.
type Role struct {
	ID       uint
	ParentID *uint
}
`,
		"service/role.go": `package service

import (
	"database/sql"

	"example.com/roles/model"
)

var db *sql.DB

// ParentOf returns the parent of the role id.
func ParentOf(id uint) (uint, error) {
	var role model.Role
	if err := db.QueryRow("SELECT id, parent_id FROM roles WHERE id = ?", id).Scan(&role.ID, &role.ParentID); err != nil {
		return 0, err
	}
	return *role.ParentID, nil //!deref
}
`,
	}
	app := writeMarkedApp(t, files)
	fr := app.frame(t, "deref", "ParentOf")
	fr.Function = "example.com/roles/service.ParentOf"
	r := panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference", fr)
	text := Analyze(r)
	mustHave(t, text, "`role.ParentID`")
	mustLack(t, text, "`role` is declared", "`role` is nil", "one of `role`")
	assertGroundedIn(t, r, text, files)
}
