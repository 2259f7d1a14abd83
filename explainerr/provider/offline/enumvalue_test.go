package offline

import "testing"

// TestEnumValueCitesTheTypesDefinition: PostgreSQL's refusal of a value
// an enum does not list cites the statement that writes it and the
// type's CREATE TYPE in the schema file, and advises adding the value or
// correcting the code's.
func TestEnumValueCitesTheTypesDefinition(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod":     "module example.com/mail\n\ngo 1.22\n",
		"schema.sql": "CREATE TYPE content_type AS ENUM ('richtext', 'html', 'plain');\n\nCREATE TABLE campaigns (\n  id serial PRIMARY KEY,\n  content_type content_type NOT NULL\n);\n",
		"store/campaigns.go": `package store

import "database/sql"

// Store keeps campaigns.
type Store struct{ db *sql.DB }

// Create adds a campaign.
func (s *Store) Create(kind string) error {
	_, err := s.db.Exec("INSERT INTO campaigns (content_type) VALUES ($1)", kind) //! insert
	return err
}
`,
	})
	text := Analyze(panicReport("*pq.Error", `error creating campaign: pq: invalid input value for enum content_type: "markdown"`, app.frame(t, "insert", "Create")))
	mustHave(t, text, "`markdown` is not a value of the enum `content_type`",
		"The type is defined at", "schema.sql:1", "ALTER TYPE content_type ADD VALUE 'markdown'")
}
