//go:build cgo

package main

import (
	"database/sql"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/index"
)

func TestIndexCommand(t *testing.T) {
	dir := writeCLIModule(t)
	code, out, errs := runSubcommand(t, "index")
	if code != 0 {
		t.Fatalf("index exit %d: %s", code, errs)
	}
	m := regexp.MustCompile(`^indexed 2 files \(2 changed, 0 unchanged, 0 removed, 0 skipped\): 4 chunks, 4 embedded, \S+ -> \.explainerr/index\.db\n$`).FindString(out)
	if m == "" {
		t.Errorf("first run summary: %q", out)
	}
	if _, err := os.Stat(filepath.Join(dir, ".explainerr", "index.db")); err != nil {
		t.Errorf("no index at the default path: %v", err)
	}
	assertPrivate(t, filepath.Join(dir, ".explainerr", "index.db"))
	assertPrivate(t, filepath.Join(dir, ".explainerr"))

	code, out, _ = runSubcommand(t, "index")
	if code != 0 || !strings.HasPrefix(out, "index up to date: 2 files (0 skipped), 4 chunks, nothing embedded") {
		t.Errorf("second run: exit %d, %q", code, out)
	}

	if err := os.WriteFile(filepath.Join(dir, "cart/cart.go"), []byte(strings.Replace(mustRead(t, filepath.Join(dir, "cart/cart.go")), "return len(c.Items)", "return len(c.Items) + 0", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runSubcommand(t, "index")
	if code != 0 || !strings.Contains(out, "(1 changed, 1 unchanged, 0 removed, 0 skipped): 4 chunks, 1 embedded") {
		t.Errorf("after changing Total: exit %d, %q", code, out)
	}

	code, out, _ = runSubcommand(t, "index", "-rebuild", "-db", filepath.Join(dir, "other.db"), "./cart/...")
	if code != 0 || !strings.Contains(out, "4 embedded") || !strings.Contains(out, "other.db") {
		t.Errorf("-rebuild -db: exit %d, %q", code, out)
	}
}

func TestIndexCommandErrors(t *testing.T) {
	dir := writeCLIModule(t)
	if code, _, errs := runSubcommand(t, "index", "-embedder", "bert"); code != 2 || !strings.Contains(errs, `unknown embedder "bert"`) {
		t.Errorf("unknown embedder: exit %d, %q", code, errs)
	}
	if code, _, _ := runSubcommand(t, "index", "-nope"); code != 2 {
		t.Errorf("unknown flag: exit %d", code)
	}
	bad := filepath.Join(dir, "bad.db")
	if err := os.WriteFile(bad, []byte(strings.Repeat("not sqlite ", 500)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"index", "-db", bad}, {"index", "-db", bad, "-rebuild"}} {
		code, _, errs := runSubcommand(t, args...)
		if code != 1 || !strings.Contains(errs, "not an SQLite database") || !strings.Contains(errs, "never overwrites") {
			t.Errorf("%v over a text file: exit %d, %q", args, code, errs)
		}
	}
	if got := mustRead(t, bad); got != strings.Repeat("not sqlite ", 500) {
		t.Errorf("the text file was changed: %.80q", got)
	}
}

// writeAppDB writes an application's own SQLite database with a table of rows.
func writeAppDB(t *testing.T, path string) {
	t.Helper()
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []string{
		`CREATE TABLE posts(id INTEGER PRIMARY KEY, title TEXT)`,
		`INSERT INTO posts(title) VALUES('first'), ('second')`,
		`CREATE TABLE users(name TEXT)`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
}

func TestIndexRefusesAnAppDatabase(t *testing.T) {
	dir := writeCLIModule(t)
	app := filepath.Join(dir, "app.db")
	writeAppDB(t, app)
	before := mustRead(t, app)
	for _, args := range [][]string{{"index", "-db", "app.db"}, {"index", "-db", "app.db", "-rebuild"}, {"index", "-rebuild", "-db", app, "./cart/..."}} {
		code, out, errs := runSubcommand(t, args...)
		if code != 1 || out != "" {
			t.Errorf("%v: exit %d, stdout %q", args, code, out)
		}
		for _, want := range []string{"app.db is an SQLite database of another application", "tables: posts, users", "never overwrites or deletes"} {
			if !strings.Contains(errs, want) {
				t.Errorf("%v: error %q lacks %q", args, errs, want)
			}
		}
	}
	if mustRead(t, app) != before {
		t.Fatal("the app database was changed")
	}
	db, err := sql.Open("sqlite3", app)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM posts`).Scan(&n); err != nil || n != 2 {
		t.Errorf("posts after index runs: %d rows, %v", n, err)
	}
	if _, err := os.Stat(app + "-journal"); !os.IsNotExist(err) {
		t.Errorf("a journal was left next to the app database: %v", err)
	}
}

func TestIndexThroughASymlinkKeepsTheLink(t *testing.T) {
	dir := writeCLIModule(t)
	store := filepath.Join(dir, "store")
	if err := os.Mkdir(store, 0o755); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(store, "real.db")
	link := filepath.Join(dir, "link.db")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	assertLink := func(step string) {
		t.Helper()
		info, err := os.Lstat(link)
		if err != nil || info.Mode()&os.ModeSymlink == 0 {
			t.Fatalf("%s: %s is no longer a symbolic link (%v)", step, link, err)
		}
		if got, _ := os.Readlink(link); got != target {
			t.Fatalf("%s: link points to %s, want %s", step, got, target)
		}
		if applicationID(t, target) != 0x45585052 {
			t.Fatalf("%s: the link's target is not an index", step)
		}
		if leftovers, _ := filepath.Glob(filepath.Join(dir, "link.db*")); len(leftovers) != 1 {
			t.Fatalf("%s: files next to the link: %v", step, leftovers)
		}
	}
	if code, out, errs := runSubcommand(t, "index", "-db", link); code != 0 || !strings.Contains(out, "4 embedded") {
		t.Fatalf("first build through the link: exit %d, %q %q", code, out, errs)
	}
	assertLink("first build")
	writeFile(t, filepath.Join(dir, "cart/more.go"), "package cart\n\n// More is more.\nfunc More() int { return 2 }\n")
	if code, out, errs := runSubcommand(t, "index", "-db", link); code != 0 || !strings.Contains(out, "(1 changed, 2 unchanged, 0 removed, 0 skipped): 5 chunks, 1 embedded") {
		t.Fatalf("update through the link: exit %d, %q %q", code, out, errs)
	}
	assertLink("update")
	if code, out, errs := runSubcommand(t, "index", "-db", link, "-rebuild"); code != 0 || !strings.Contains(out, "5 embedded") {
		t.Fatalf("rebuild through the link: exit %d, %q %q", code, out, errs)
	}
	assertLink("rebuild")
	if code, out, _ := runSubcommand(t, "search", "-db", link, "More"); code != 0 || !strings.Contains(out, "More") {
		t.Errorf("search through the link: exit %d, %q", code, out)
	}
}

func TestIndexRebuildsAnOlderIndex(t *testing.T) {
	dir := writeCLIModule(t)
	old := filepath.Join(dir, "old.db")
	db, err := sql.Open("sqlite3", old)
	if err != nil {
		t.Fatal(err)
	}
	// The layout of schema version 2, which had no application_id.
	for _, q := range []string{
		`CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
		`INSERT INTO meta VALUES('app', 'explainerr-index'), ('schema_version', '2'), ('embedder', 'hash'), ('dims', '512')`,
		`CREATE TABLE files(path TEXT PRIMARY KEY, hash TEXT NOT NULL, package TEXT NOT NULL, skipped TEXT NOT NULL DEFAULT '')`,
		`CREATE TABLE chunks(id INTEGER PRIMARY KEY, file TEXT NOT NULL, package TEXT NOT NULL, symbol TEXT NOT NULL, kind TEXT NOT NULL,
			start_line INTEGER NOT NULL, end_line INTEGER NOT NULL, text TEXT NOT NULL, hash TEXT NOT NULL, src_hash TEXT NOT NULL)`,
		`INSERT INTO chunks VALUES(1, 'cart/cart.go', 'example.com/cli/cart', 'Gone', 'func', 1, 2, 'func Gone() {}', 'x', 'x')`,
		`CREATE TABLE vector_copies(id INTEGER PRIMARY KEY, embedding BLOB NOT NULL)`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()

	code, out, errs := runSubcommand(t, "index", "-db", old)
	if code != 0 || !strings.Contains(out, "4 chunks, 4 embedded") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if !strings.Contains(errs, fmt.Sprintf("old.db was built by an older explainerr (schema version 2); rebuilding it for schema version %d", index.SchemaVersion)) {
		t.Errorf("no message about the upgrade: %q", errs)
	}
	if applicationID(t, old) != 0x45585052 {
		t.Error("the rebuilt index carries no application_id")
	}
	db, err = sql.Open("sqlite3", old)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var gone, copies int
	if err := db.QueryRow(`SELECT count(*) FROM chunks WHERE symbol = 'Gone'`).Scan(&gone); err != nil || gone != 0 {
		t.Errorf("the old index's chunks survived: %d, %v", gone, err)
	}
	if err := db.QueryRow(`SELECT count(*) FROM sqlite_schema WHERE name = 'vector_copies'`).Scan(&copies); err != nil || copies != 0 {
		t.Errorf("the old index's tables survived: %d, %v", copies, err)
	}
	if code, out, _ := runSubcommand(t, "index", "-db", old); code != 0 || !strings.HasPrefix(out, "index up to date") {
		t.Errorf("after the upgrade: exit %d, %q", code, out)
	}
}

func TestIndexRebuildsASchemaVersion3Index(t *testing.T) {
	dir := writeCLIModule(t)
	path := filepath.Join(dir, "v3.db")
	if code, out, errs := runSubcommand(t, "index", "-db", path); code != 0 {
		t.Fatalf("exit %d, %q %q", code, out, errs)
	}
	db, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	// Version 3 kept the shortlist codes in a vector_codes table.
	for _, q := range []string{`DROP TABLE code_pages`, `CREATE TABLE vector_codes(code BLOB)`, `PRAGMA user_version = 3`} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	if code, out, errs := runSubcommand(t, "search", "-db", path, "Cart"); code == 0 || !strings.Contains(errs, "older explainerr") || !strings.Contains(errs, "rebuild") {
		t.Errorf("search of a version 3 index: exit %d, %q %q", code, out, errs)
	}
	code, out, errs := runSubcommand(t, "index", "-db", path)
	if code != 0 || !strings.Contains(out, "4 embedded") {
		t.Fatalf("exit %d, %q %q", code, out, errs)
	}
	if !strings.Contains(errs, fmt.Sprintf("v3.db was built by an older explainerr (schema version 3); rebuilding it for schema version %d", index.SchemaVersion)) {
		t.Errorf("no message about the upgrade: %q", errs)
	}
	if code, out, errs := runSubcommand(t, "search", "-db", path, "Cart"); code != 0 || !strings.Contains(out, "Cart") {
		t.Errorf("search after the upgrade: exit %d, %q %q", code, out, errs)
	}
}

func TestIndexIntoAnEmptyFile(t *testing.T) {
	dir := writeCLIModule(t)
	empty := filepath.Join(dir, "empty.db")
	writeFile(t, empty, "")
	if code, out, errs := runSubcommand(t, "index", "-db", empty); code != 0 || !strings.Contains(out, "4 embedded") {
		t.Fatalf("exit %d, %q %q", code, out, errs)
	}
	if applicationID(t, empty) != 0x45585052 {
		t.Error("the index carries no application_id")
	}
}

// applicationID reads the application_id from an SQLite file's header.
func applicationID(t *testing.T, path string) uint32 {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil || len(b) < 100 {
		t.Fatalf("reading %s: %v (%d bytes)", path, err, len(b))
	}
	return binary.BigEndian.Uint32(b[68:])
}
