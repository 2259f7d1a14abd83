package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// countFiles is an app whose store builds its queries in another package
// than the handler that answers with the error.
func countFiles(query string) map[string]string {
	return map[string]string{
		"go.mod": "module example.com/orders\n\ngo 1.22\n",
		"store/orders.go": `package store

import "database/sql"

// Orders reads orders.
type Orders struct{ db *sql.DB }

// Count counts the orders of a customer.
func (s *Orders) Count(customer int) (int, error) {
	var n int
	err := s.db.QueryRow(` + "`" + query + "`" + `, customer).Scan(&n)
	return n, err
}
`,
		"main.go": `package main

import (
	"fmt"
	"net/http"

	"example.com/orders/store"
)

var orders *store.Orders

func countOrders(w http.ResponseWriter, r *http.Request) {
	n, err := orders.Count(7)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
		return
	}
	fmt.Fprint(w, n)
}
`,
	}
}

// TestSQLSyntaxErrorOfEachEngine: PostgreSQL's, MySQL's and SQLite's
// syntax errors are read as SQL syntax errors and point at the app's
// query that holds the word the parser stopped at; a reserved word used
// as a name is said to be one.
func TestSQLSyntaxErrorOfEachEngine(t *testing.T) {
	cases := []struct{ name, query, msg, engine, word string }{
		{"postgres", "SELECT COUNT(*) FORM orders WHERE customer_id = $1", `pq: syntax error at or near "orders"`, "PostgreSQL", "orders"},
		{"pgx", "SELECT COUNT(*) FROM order WHERE customer_id = $1", `ERROR: syntax error at or near "order" (SQLSTATE 42601)`, "PostgreSQL", "order"},
		{"mysql", "SELECT COUNT(*) FROM order WHERE customer_id = ?", "Error 1064 (42000): You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near 'order WHERE customer_id = ?' at line 1", "MySQL", "order"},
		{"sqlite", "SELECT COUNT(*) FROM orders WHERE customer_id = ? LIMT 1", `near "LIMT": syntax error`, "SQLite", "LIMT"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			app := writeMarkedApp(t, countFiles(c.query))
			text := Analyze(statusReport(c.msg+"\n", app.frame(t, "status", "main.countOrders")))
			mustHave(t, text, "SQL syntax error near `\""+c.word+"\"`", c.engine+" could not parse the statement", "orders.go:11")
			if c.word == "order" {
				mustHave(t, text, "`order` is a reserved word")
			} else {
				mustLack(t, text, "is a reserved word")
			}
		})
	}
}

// TestMissingTableNamedByAQueryBuilder: a table that only a query
// builder's From or a model's TableName names is cited there.
func TestMissingTableNamedByAQueryBuilder(t *testing.T) {
	files := countFiles("SELECT 1")
	files["store/orders.go"] = `package store

// Builder builds queries.
type Builder struct{}

// From names the table.
func (b *Builder) From(table string) *Builder { return b }

// Orders reads orders.
type Orders struct{ b *Builder }

// Count counts the orders of a customer.
func (s *Orders) Count(customer int) (int, error) {
	s.b.From("order_items")
	return 0, nil
}

// Line is an order line.
type Line struct{}

// TableName names the table of lines.
func (Line) TableName() string { return "order_lines" }
`
	app := writeMarkedApp(t, files)
	text := Analyze(statusReport(`pq: relation "order_items" does not exist`+"\n", app.frame(t, "status", "main.countOrders")))
	mustHave(t, text, "no such table `order_items`", "The app's query builder names `order_items` at `(*Orders).Count` (`orders.go:14`)")
	text = Analyze(statusReport(`ERROR: relation "public.order_lines" does not exist (SQLSTATE 42P01)`+"\n", app.frame(t, "status", "main.countOrders")))
	mustHave(t, text, "The app's query builder names `order_lines` at `Line.TableName` (`orders.go:22`)")
}

// TestBuilderTableBesideAConverter: a converter in the static context
// whose declaration holds the table's word and "From" in a name
// ("ItemsFromModel(rows []*model.Wishlist)") is not the query: the
// query builder's table is cited, in both modes.
func TestBuilderTableBesideAConverter(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/wishes\n\ngo 1.22\n",
		"store/wishes.go": `package store

// Builder builds queries.
type Builder struct{}

// Table names the table.
func (b *Builder) Table(table string) *Builder { return b }

// Wishlist is a wished item.
type Wishlist struct{ ID int }

// Wishes reads wishes.
type Wishes struct{ b *Builder }

// List lists a user's wishes.
func (s *Wishes) List(user int) ([]int, error) {
	s.b.Table("wishlist")
	return ItemsFromModel(nil), nil
}

// ItemsFromModel converts rows.
func ItemsFromModel(rows []*Wishlist) []int { return nil }
`,
		"main.go": `package main

import (
	"fmt"
	"net/http"

	"example.com/wishes/store"
)

var wishes *store.Wishes

func listWishes(w http.ResponseWriter, r *http.Request) {
	items, err := wishes.List(7)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
		return
	}
	fmt.Fprint(w, items)
}
`,
	})
	for _, static := range []bool{false, true} {
		r := statusReport(`ERROR: relation "wishlist" does not exist (SQLSTATE 42P01)`+"\n", app.frame(t, "status", "main.listWishes"))
		if static {
			r.Context = []report.Chunk{chunk("store/wishes.go", "ItemsFromModel", 23, "func ItemsFromModel(rows []*Wishlist) []int { return nil }\n")}
		}
		text := Analyze(r)
		mustHave(t, text, "The app's query builder names `wishlist` at `(*Wishes).List` (`wishes.go:17`)")
		mustLack(t, text, "The query is at `ItemsFromModel`")
	}
}

// TestMissingColumnNamedByAQueryBuilder: a column that only a query
// builder's condition names (Where("title_text ILIKE ?")) is cited there,
// in the function the request reached.
func TestMissingColumnNamedByAQueryBuilder(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/shelf\n\ngo 1.22\n",
		"store/books.go": `package store

// Query builds a query.
type Query struct{}

// Where adds a condition.
func (q *Query) Where(cond string, args ...any) *Query { return q }

// Order orders the rows.
func (q *Query) Order(by string) *Query { return q }

// Books reads books.
type Books struct{ q *Query }

// Search finds books by title.
func (b *Books) Search(title string) ([]string, error) {
	b.q.Where("title_text ILIKE ?", "%"+title+"%").Order("id")
	return nil, nil
}

// Recent lists the newest books.
func (b *Books) Recent() ([]string, error) {
	b.q.Order("created_at DESC")
	return nil, nil
}
`,
		"main.go": `package main

import (
	"fmt"
	"net/http"

	"example.com/shelf/store"
)

var books *store.Books

func search(w http.ResponseWriter, r *http.Request) {
	found, err := books.Search(r.FormValue("q"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
		return
	}
	fmt.Fprint(w, found)
}
`,
	})
	text := Analyze(statusReport(`ERROR: column "title_text" does not exist (SQLSTATE 42703)`+"\n", app.frame(t, "status", "main.search")))
	mustHave(t, text, "no such column `title_text`", "The app's query builder names `title_text` at `(*Books).Search` (`books.go:17`)")
}

// TestSQLSyntaxFaultBeforeTheWord: the word before the one the parser
// stopped at is the fault when it is a keyword missing its partner
// (GROUP without BY) or a misspelt keyword (WHRE): the statement is
// cited and the keyword to write is said, in place of the generic advice.
func TestSQLSyntaxFaultBeforeTheWord(t *testing.T) {
	cases := []struct{ query, msg, want string }{
		{"SELECT customer_id, COUNT(*) FROM orders GROUP customer_id HAVING customer_id = $1", `pq: syntax error at or near "customer_id"`, "Write `GROUP BY customer_id` at `orders.go:11`"},
		{"SELECT COUNT(*) FROM orders WHRE customer_id = $1", `pq: syntax error at or near "customer_id"`, "Write `WHERE` for `WHRE` at `orders.go:11`"},
	}
	for _, c := range cases {
		app := writeMarkedApp(t, countFiles(c.query))
		text := Analyze(statusReport(c.msg+"\n", app.frame(t, "status", "main.countOrders")))
		mustHave(t, text, c.want)
		mustLack(t, text, "a missing comma")
	}
	// A word after a keyword that needs nothing more gets the generic advice.
	app := writeMarkedApp(t, countFiles("SELECT COUNT(*) FROM orders WHERE customer_id = $1 LIMIT customer_id"))
	text := Analyze(statusReport(`pq: syntax error at or near "customer_id"`+"\n", app.frame(t, "status", "main.countOrders")))
	mustLack(t, text, "Write `")
}

// TestColumnAnORMWrites: PostgreSQL's "column … of relation …" names a
// column an INSERT or UPDATE writes; with an ORM that is a model's field
// (the model's, not an API type's of the same name), cited there, and
// not a SELECT that reads the column elsewhere.
func TestColumnAnORMWrites(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/reviews\n\ngo 1.22\n",
		"store/review.go": `package store

// Review is a product's review, written by the ORM.
type Review struct {
	ID      int
	Stars   int    ` + "`" + `gorm:"column:rating"` + "`" + `
	Comment string
}

// DB runs the ORM's statements.
type DB interface {
	Create(v any) error
	Raw(q string, args ...any) error
}

// Reviews keeps reviews.
type Reviews struct{ db DB }

// Add writes a review.
func (s *Reviews) Add(r *Review) error { return s.db.Create(r) }

// Average reads the average rating.
func (s *Reviews) Average() error { return s.db.Raw("SELECT AVG(rating) FROM reviews") }
`,
		"api/review.go": `package api

// Review is a review as the API answers it, named like the model.
type Review struct {
	Rating  int    ` + "`" + `json:"rating"` + "`" + `
	Comment string ` + "`" + `json:"comment"` + "`" + `
}
`,
		"main.go": `package main

import (
	"net/http"

	"example.com/reviews/store"
)

var reviews *store.Reviews

func add(w http.ResponseWriter, r *http.Request) {
	if err := reviews.Add(&store.Review{Stars: 5}); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
		return
	}
}
`,
	})
	for _, msg := range []string{`ERROR: column "rating" of relation "reviews" does not exist (SQLSTATE 42703)`} {
		text := Analyze(statusReport(msg+"\n", app.frame(t, "status", "main.add")))
		mustHave(t, text, "the app's ORM writes `rating` from the field of `Review` at `review.go:6`: `` Stars")
		mustLack(t, text, "The query is at `(*Reviews).Average`", "AVG(rating)")
	}
}

// TestColumnATagMapsElsewhere: "no such column: link.team" where the
// model of link (its TableName returns a constant) has a field named for
// team whose gorm tag maps it to team_name: the field and its tag are
// cited, and one name advised.
func TestColumnATagMapsElsewhere(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/links\n\ngo 1.22\n",
		"store/link.go": `package store

const tableLink = "link"

// Link is a blogroll entry.
type Link struct {
	ID   int    ` + "`" + `gorm:"column:id"` + "`" + `
	Team string ` + "`" + `gorm:"column:team_name"` + "`" + `
}

// TableName names the table of links.
func (*Link) TableName() string { return tableLink }

// Teams lists the teams.
func Teams(db interface{ Raw(q string) error }) error {
	return db.Raw("SELECT DISTINCT team FROM link")
}
`,
		"main.go": `package main

import (
	"net/http"

	"example.com/links/store"
)

func teams(w http.ResponseWriter, r *http.Request) {
	if err := store.Teams(nil); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
	})
	text := Analyze(statusReport("no such column: link.team\n", app.frame(t, "status", "main.teams")))
	mustHave(t, text, "The model `Link` has a field named for `team` whose tag maps it to the column `team_name`, at `link.go:8`", "Use one name for the column: `team` in the tag at `link.go:8`, or `team_name` in the query")
}

// TestColumnPrefixedWithItsTable: a column written with its table's name
// before it (post_status, post.post_status) where the table has status is
// proposed as that column.
func TestColumnPrefixedWithItsTable(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod":     "module example.com/blog\n\ngo 1.22\n",
		"schema.sql": "CREATE TABLE post (\n    id INTEGER PRIMARY KEY,\n    title TEXT NOT NULL,\n    status INTEGER NOT NULL DEFAULT 0\n);\n",
		"main.go": `package main

import (
	"database/sql"
	"net/http"
)

var db *sql.DB

func published(w http.ResponseWriter, r *http.Request) {
	if _, err := db.Query("SELECT id, title FROM post WHERE post.post_status = 1"); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
	})
	text := Analyze(statusReport("no such column: post.post_status\n", app.frame(t, "status", "main.published")))
	mustHave(t, text, "Correct the column name in the query: `post_status` → `status`.")
	mustLack(t, text, "nor one with a name close to it")
}

// TestMissingColumnInAConditionOfTheAppsOwnWrapper: a column that only a
// condition handed to a query wrapper of the app's own names
// (NewQuery("title_text ILIKE ?", …)) is cited there.
func TestMissingColumnInAConditionOfTheAppsOwnWrapper(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/shelf\n\ngo 1.22\n",
		"store/books.go": `package store

// Query is a condition and its arguments.
type Query struct {
	Cond string
	Args []any
}

// NewQuery makes a condition.
func NewQuery(cond string, args ...any) Query { return Query{cond, args} }

// Search finds books by title.
func Search(title string) ([]string, error) {
	q := []Query{NewQuery("title_text ILIKE ?", "%"+title+"%")}
	_ = q
	return nil, nil
}
`,
		"main.go": `package main

import (
	"net/http"

	"example.com/shelf/store"
)

func search(w http.ResponseWriter, r *http.Request) {
	if _, err := store.Search(r.FormValue("q")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
	})
	text := Analyze(statusReport(`ERROR: column "title_text" does not exist (SQLSTATE 42703)`+"\n", app.frame(t, "status", "main.search")))
	mustHave(t, text, "The app's query builder names `title_text` at `Search` (`books.go:14`)")
}

// TestColumnWithoutItsTablesPrefix: a column named without the table's
// name the schema's columns carry (title for feed_title of feeds) is
// proposed with it.
func TestColumnWithoutItsTablesPrefix(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod":     "module example.com/feeds\n\ngo 1.22\n",
		"schema.sql": "CREATE TABLE feeds (\n    id INTEGER PRIMARY KEY,\n    feed_title TEXT NOT NULL\n);\n",
		"main.go": `package main

import (
	"database/sql"
	"net/http"
)

var db *sql.DB

func feeds(w http.ResponseWriter, r *http.Request) {
	if _, err := db.Query("SELECT id FROM feeds ORDER BY title"); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
	})
	text := Analyze(statusReport("no such column: title\n", app.frame(t, "status", "main.feeds")))
	mustHave(t, text, "`feed_title`")
	mustLack(t, text, "none of them is `title` or close to it")
}
