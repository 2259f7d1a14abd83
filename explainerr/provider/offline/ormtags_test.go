package offline

import (
	"go/ast"
	"go/parser"
	"slices"
	"testing"
)

// TestModelColumnsReadTheTags: a model's columns are its fields' tag
// names (gorm's column:, sqlx's and bun's db, go-pg's pg), else their
// names in snake_case; "-" leaves a field out.
func TestModelColumnsReadTheTags(t *testing.T) {
	expr, err := parser.ParseExpr("struct {\n" +
		"ID int\n" +
		"Token string `pg:\"refresh_token\"`\n" +
		"Email string `db:\"mail,omitempty\"`\n" +
		"Name string `gorm:\"column:full_name;size:80\"`\n" +
		"Secret string `pg:\"-\"`\n" +
		"CreatedAt int\n" +
		"}")
	if err != nil {
		t.Fatal(err)
	}
	got := modelColumns(expr.(*ast.StructType))
	want := []string{"id", "refresh_token", "mail", "full_name", "created_at"}
	if !slices.Equal(got, want) {
		t.Errorf("modelColumns = %v, want %v", got, want)
	}
}
