package offline

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestPointsToTheContextsLeads: the query and the schema the source
// context holds for an SQL error the explanation does not name are
// pointed at in the location section, the function at its declaration's
// line; a constructor is not, and a lead already named is not repeated.
func TestPointsToTheContextsLeads(t *testing.T) {
	r := statusReport(`pq: column "titel" does not exist`, report.Frame{Function: "example.com/albums/web.Errors.func1", File: "/src/albums/web/errors.go", Line: 12, Kind: report.FrameApp})
	r.Mode = report.ModeStatic
	r.Context = []report.Chunk{
		{File: "web/errors.go", StartLine: 10, EndLine: 14, Symbol: "Errors", Kind: "func", Reason: report.ReasonFrame, Text: "func Errors() {\n}"},
		{File: "store/albums.go", StartLine: 20, EndLine: 26, Symbol: "Repo.List", Kind: "func", Reason: report.ReasonQuery, Text: "// List lists.\nfunc (r Repo) List() {\n\tr.db.Select().OrderBy(\"titel\")\n}"},
		{File: "migrations/001_init.up.sql", StartLine: 1, EndLine: 4, Symbol: "001_init.up.sql", Kind: "sql", Reason: report.ReasonSchema, Text: "CREATE TABLE album (\n  title text\n);"},
		{File: "store/albums.go", StartLine: 5, EndLine: 7, Symbol: "NewRepo", Kind: "func", Reason: report.ReasonConstructor, Text: "func NewRepo() Repo {\n}"},
	}
	text := Analyze(r)
	for _, want := range []string{"the query the SQL error is about: `Repo.List` (`albums.go:21`)", "the schema statement of the table it uses, at line 1 of 001_init.up.sql"} {
		if !strings.Contains(text, want) {
			t.Errorf("the explanation lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "NewRepo") {
		t.Errorf("a constructor is pointed at:\n%s", text)
	}
	if n := strings.Count(text, "`Repo.List`"); n != 1 {
		t.Errorf("Repo.List named %d times:\n%s", n, text)
	}
}
