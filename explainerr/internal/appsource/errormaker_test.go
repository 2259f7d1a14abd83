package appsource

import (
	"go/ast"
	"go/parser"
	"testing"
)

// TestErrorMakerFormat: fmt.Errorf and errors.New make errors, and so do
// an app's own error constructors given a format (errors.Errorf of
// pkg/errors, apperr.Newf, xerr.BadParam.New with a verb); a logger's
// Errorf, a constructor given no format and a template's New do not.
func TestErrorMakerFormat(t *testing.T) {
	for src, want := range map[string]string{
		`fmt.Errorf("find %d: %w", id, err)`:       "fmt.Errorf",
		`errors.New("missing")`:                    "errors.New",
		`errors.Errorf("bad kind %q", k)`:          "errors.Errorf",
		`apperr.Newf("no user %d", id)`:            "apperr.Newf",
		`xerr.BadParam.New("cannot scan %T", src)`: "xerr.BadParam.New",
		`xerr.BadParam.New("")`:                    "",
		`log.Errorf("failed: %v", err)`:            "",
		`s.logger.Errorf("failed: %v", err)`:       "",
		`template.New("index")`:                    "",
		`c.Errors().Errorf("x %d", 1)`:             "",
	} {
		e, err := parser.ParseExpr(src)
		if err != nil {
			t.Fatal(err)
		}
		name, _, ok := errorMakerFormat(e.(*ast.CallExpr))
		if name != want || ok != (want != "") {
			t.Errorf("%s: maker %q (%v), want %q", src, name, ok, want)
		}
	}
}
