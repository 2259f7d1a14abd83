package offline

import (
	"fmt"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestStatementWithoutACondition: gorm's "WHERE conditions required"
// names the Delete and the value without a primary key; when the request
// logged a lookup that found nothing before it, that lookup is where to
// stop, and it is cited.
func TestStatementWithoutACondition(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/crates\n\ngo 1.22\n\nrequire gorm.io/gorm v1.25.0\n",
		"store.go": `package main

import (
	"log"

	"gorm.io/gorm"
)

// Crate is a crate of the depot.
type Crate struct {
	ID    uint
	Label string
}

// Depot keeps the crates.
type Depot struct{ db *gorm.DB }

// crate looks a crate up by its label.
func (d *Depot) crate(label string) *Crate {
	var c Crate
	if err := d.db.Where("label = ?", label).First(&c).Error; err != nil { //!lookup
		log.Println(err)
	}
	return &c
}

// Remove deletes the crate of a label.
func (d *Depot) Remove(label string) error {
	c := d.crate(label)
	return d.db.Delete(c).Error //!delete
}
`,
	})
	_, lookup := app.line("lookup")
	_, del := app.line("delete")
	r := statusReport("WHERE conditions required\n", app.frame(t, "delete", "main.(*Depot).Remove"))
	text := Analyze(r)
	mustHave(t, text, "gorm refused a statement without a condition", "`store.go:"+itoa(del)+"`: `return d.db.Delete(c).Error`: `c` has no primary key there",
		"Give the statement a `c` whose primary key is set")
	r.Logs = []report.LogLine{{Text: fmt.Sprintf("\r\n2026/12/04 23:40:46 %s/store.go:%d record not found\n[0.402ms] [rows:0] SELECT * FROM `crates` WHERE label = \"big\" LIMIT 1", app.root, lookup)}}
	text = Analyze(r)
	mustHave(t, text, "a lookup found nothing, at `(*Depot).crate` (`store.go:"+itoa(lookup)+"`)", "Stop at that lookup's error (at `store.go:"+itoa(lookup)+"`")
	mustLack(t, text, "Give the statement a `c`")
}
