package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestUniqueColumnWrittenEmpty: the ORM's logged INSERT shows the unique
// column written as an empty string: no duplicate was asked for, and the
// fix is the value left unset; a logged INSERT with a real value leaves
// the duplicate reading.
func TestUniqueColumnWrittenEmpty(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/crew\n\ngo 1.22\n",
		"web/web.go": `package web

import (
	"net/http"

	"gorm.io/gorm"
)

// Member is a member of the crew.
type Member struct {
	Handle string
	Email  string ` + "`gorm:\"uniqueIndex\"`" + `
}

var db *gorm.DB

// Join adds a member.
func Join(w http.ResponseWriter, r *http.Request) {
	m := Member{Handle: r.FormValue("handle")}
	if err := db.Create(&m).Error; err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
	}
	app := writeMarkedApp(t, files)
	r := statusReport("UNIQUE constraint failed: members.email", app.frame(t, "status", "example.com/crew/web.Join"))
	r.Logs = []report.LogLine{{Text: `level=ERROR msg="INSERT INTO ` + "`members` (`handle`,`email`) VALUES (\\\"dora\\\",\\\"\\\")" + `" error="UNIQUE constraint failed: members.email"`}}
	text := Analyze(r)
	mustHave(t, text, "writes `email` as an empty string", "Set `Email` before the row is written")
	mustLack(t, text, "The request sends it")
	assertGroundedIn(t, r, text, files)

	r.Logs = []report.LogLine{{Text: `level=ERROR msg="INSERT INTO ` + "`members` (`handle`,`email`) VALUES (\\\"dora\\\",\\\"dora@example.com\\\")" + `" error="UNIQUE constraint failed: members.email"`}}
	mustLack(t, Analyze(r), "as an empty string")
}
