package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// pantryFiles: a gorm app that opens its database without TranslateError
// while its handlers test gorm's sentinels; one retries a duplicate in
// the transaction the duplicate aborted; one drops a lookup's error and
// updates the zero value it left.
var pantryFiles = map[string]string{
	"go.mod": "module example.com/pantry\n",
	"db.go": `package main

import (
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
)

var DB *gorm.DB

func Connect(dsn string) error {
	var err error
	DB, err = gorm.Open(postgres.Open(dsn), &gorm.Config{})
	return err
}
`,
	"jars.go": `package main

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"
	"gorm.io/gorm"
)

type Jar struct {
	ID    string
	Label string ` + "`" + `gorm:"type:varchar(20)"` + "`" + `
}

func addJar(c *gin.Context) {
	jar := Jar{Label: c.PostForm("label")}
	if err := DB.Create(&jar).Error; err != nil {
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			c.JSON(http.StatusConflict, gin.H{"message": "label taken"})
			return
		}
		c.JSON(http.StatusBadGateway, gin.H{"message": err.Error()}) //! add
		return
	}
	c.JSON(http.StatusCreated, jar)
}

func relabel(c *gin.Context) {
	var jar Jar
	DB.First(&jar, "id = ?", c.Param("id"))
	if err := DB.Model(&jar).Updates(Jar{Label: c.PostForm("label")}).Error; err != nil {
		c.JSON(http.StatusBadGateway, gin.H{"message": err.Error()}) //! relabel
		return
	}
	c.JSON(http.StatusOK, jar)
}
`,
}

// TestGormErrorsFromTheLog: a duplicate gorm logs where the handler tests
// gorm.ErrDuplicatedKey is explained by the database opened without
// TranslateError (not by advice to recognise the duplicate, which the
// code does); a duplicate logged before PostgreSQL's "current
// transaction is aborted" is explained as the transaction it aborted; a
// not-found gorm logs at a line whose statement reads no error is the
// lookup to check, not an error to wrap; a value too long for a column a
// model's gorm tag sizes is widened in the tag.
func TestGormErrorsFromTheLog(t *testing.T) {
	app := writeMarkedApp(t, pantryFiles)
	r := statusReport(`{"message":"ERROR: duplicate key value violates unique constraint \"idx_jars_label\" (SQLSTATE 23505)"}`, app.frame(t, "add", "example.com/pantry.addJar"))
	r.Logs = []report.LogLine{{Text: app.root + `/jars.go:18 ERROR: duplicate key value violates unique constraint "idx_jars_label" (SQLSTATE 23505) [2.1ms] [rows:0] INSERT INTO "jars" ("id","label") VALUES ('','a')`}}
	text := Analyze(r)
	mustHave(t, text, "opened without it at", "Open the database with `TranslateError: true`")
	mustLack(t, text, "recognise the constraint error")

	r = statusReport(`{"message":"ERROR: current transaction is aborted, commands ignored until end of transaction block (SQLSTATE 25P02)"}`, app.frame(t, "add", "example.com/pantry.addJar"))
	r.Logs = []report.LogLine{{Text: app.root + `/jars.go:18 ERROR: duplicate key value violates unique constraint "idx_jars_label" (SQLSTATE 23505) [2.1ms] [rows:0] INSERT INTO "jars" ("id","label") VALUES ('','a')`}}
	text = Analyze(r)
	mustHave(t, text, "That error aborted the transaction it ran in", "Take a savepoint")

	r = statusReport(`{"message":"ERROR: value too long for type character varying(20) (SQLSTATE 22001)"}`, app.frame(t, "add", "example.com/pantry.addJar"))
	text = Analyze(r)
	mustHave(t, text, "`jars.label`", "The model declares it at `jars.go:13`", "widen the length in the tag at `jars.go:13`")
	mustLack(t, text, "new migration")

	r = statusReport(`{"message":"WHERE conditions required"}`, app.frame(t, "relabel", "example.com/pantry.relabel"))
	r.Logs = []report.LogLine{{Text: app.root + `/jars.go:31 record not found [0.8ms] [rows:0] SELECT * FROM "jars" WHERE id = 'x' ORDER BY "jars"."id" LIMIT 1`}}
	text = Analyze(r)
	mustHave(t, text, "The lookup at `jars.go:31`", "Check the lookup's error at `jars.go:31`")
	mustLack(t, text, "Return a sentinel error")
}
