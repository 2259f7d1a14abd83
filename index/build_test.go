package index

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// storedChunks returns "file symbol kind start-end" for every chunk of an index.
func storedChunks(t *testing.T, path string) map[string]chunkRow {
	t.Helper()
	db, _, err := openIndex(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT id, file, package, symbol, kind, start_line, end_line, text, part FROM chunks`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]chunkRow{}
	for rows.Next() {
		var c chunkRow
		if err := rows.Scan(&c.id, &c.file, &c.pkg, &c.symbol, &c.kind, &c.start, &c.end, &c.text, &c.part); err != nil {
			t.Fatal(err)
		}
		key := c.file + " " + c.symbol
		if c.part > 0 {
			key += " #" + string(rune('0'+c.part))
		}
		out[key] = c
	}
	return out
}

type chunkRow struct {
	id                            int64
	file, pkg, symbol, kind, text string
	start, end, part              int
}

func buildTestIndex(t *testing.T, dir string, opts BuildOptions) BuildStats {
	t.Helper()
	opts.Dir = dir
	if opts.Path == "" {
		opts.Path = filepath.Join(dir, ".explainerr", "index.db")
	}
	stats, err := Build(context.Background(), opts)
	if err != nil {
		t.Fatalf("Build: %v", err)
	}
	return stats
}

func TestBuildChunksModule(t *testing.T) {
	dir := writeTestModule(t)
	stats := buildTestIndex(t, dir, BuildOptions{})
	chunks := storedChunks(t, stats.Path)

	want := map[string]string{
		"store/store.go ErrNotFound":                 KindVar,
		"store/store.go Post":                        KindType,
		"store/store.go Store":                       KindType,
		"store/store.go NewStore":                    KindFunc,
		"store/get.go (*Store).Get":                  KindMethod,
		"store/get.go (*Store).Put":                  KindMethod,
		"handlers/handlers.go Server":                KindType,
		"handlers/handlers.go (*Server).ShowPost":    KindMethod,
		"handlers/handlers.go defaultPage, pageSize": KindConst,
		"templates/post.html post.html":              KindTemplate,
		"templates/post.html footer":                 KindTemplate,
		"db/schema.sql schema.sql":                   KindSQL,
	}
	for key, kind := range want {
		c, ok := chunks[key]
		if !ok {
			t.Errorf("missing chunk %q; have %v", key, keys(chunks))
			continue
		}
		if c.kind != kind {
			t.Errorf("%s: kind %s, want %s", key, c.kind, kind)
		}
	}
	for key := range chunks {
		for _, bad := range []string{"zz_generated", "_test.go", "broken/", "vendor/", "testdata/"} {
			if strings.Contains(key, bad) {
				t.Errorf("chunk %q should have been skipped", key)
			}
		}
	}

	get := chunks["store/get.go (*Store).Get"]
	if get.start != 3 || get.end != 10 || get.pkg != "example.com/shop/store" {
		t.Errorf("Get: lines %d-%d package %s, want 3-10 example.com/shop/store", get.start, get.end, get.pkg)
	}
	if !strings.HasPrefix(get.text, "// Get returns the post") {
		t.Errorf("Get text does not start with its doc comment: %q", get.text)
	}
	store := chunks["store/store.go Store"]
	if !strings.Contains(store.text, "func (s *Store) Get(id int) (*Post, error)") ||
		!strings.Contains(store.text, "func (s *Store) Put(p *Post)") {
		t.Errorf("Store type chunk does not list its methods:\n%s", store.text)
	}
	footer := chunks["templates/post.html footer"]
	if footer.start != 7 || footer.end != 9 {
		t.Errorf("footer template lines %d-%d, want 7-9", footer.start, footer.end)
	}

	// The long function is split, every part repeating the signature.
	var parts []chunkRow
	for _, c := range chunks {
		if c.symbol == "Report" {
			parts = append(parts, c)
		}
	}
	if len(parts) < 2 {
		t.Fatalf("Report split into %d parts, want at least 2", len(parts))
	}
	slices.SortFunc(parts, func(a, b chunkRow) int { return a.start - b.start })
	for i, p := range parts {
		if !strings.Contains(p.text, "func Report(n int) string {") {
			t.Errorf("part %d lacks the signature:\n%s", i, p.text)
		}
		if len(p.text) > maxChunkChars+200 {
			t.Errorf("part %d is %d chars long", i, len(p.text))
		}
		if i > 0 && p.start != parts[i-1].end+1 {
			t.Errorf("part %d starts at %d, previous ends at %d", i, p.start, parts[i-1].end)
		}
	}
	if parts[0].start != 5 || !strings.HasSuffix(parts[len(parts)-1].text, "return out\n}") {
		t.Errorf("split parts do not cover the function: first starts %d, last ends %q", parts[0].start, parts[len(parts)-1].text[max(0, len(parts[len(parts)-1].text)-20):])
	}

	if stats.Skipped != 2 { // the generated file and the broken one
		t.Errorf("skipped %d files, want 2 (generated, broken)", stats.Skipped)
	}
	if !slices.ContainsFunc(stats.Warnings, func(w string) bool { return strings.Contains(w, "broken/broken.go: does not parse") }) {
		t.Errorf("no warning for the broken file: %q", stats.Warnings)
	}
	if stats.Embedded != stats.Chunks || stats.Chunks != len(chunks) {
		t.Errorf("embedded %d, chunks %d, stored %d", stats.Embedded, stats.Chunks, len(chunks))
	}
}

func TestBuildIdentifiers(t *testing.T) {
	dir := writeTestModule(t)
	stats := buildTestIndex(t, dir, BuildOptions{})
	db, _, err := openIndex(stats.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	has := func(symbol, name, role string) bool {
		var n int
		err := db.QueryRow(`SELECT count(*) FROM `+sqlIdentChunks+` JOIN chunks c ON c.id = j.value WHERE c.symbol = ? AND p.key = ?`, symbol, identKey(role, name)).Scan(&n)
		if err != nil {
			t.Fatal(err)
		}
		return n > 0
	}
	for _, tc := range []struct {
		symbol, name, role string
	}{
		{"(*Server).ShowPost", "Get", roleCalls},
		{"(*Server).ShowPost", "Author", roleReferences},
		{"(*Store).Get", "Store.Get", roleDeclares},
		{"(*Store).Get", "ErrNotFound", roleReferences},
		{"Post", "Author", roleDeclares},
		{"NewStore", "Store", roleReturns},
		{"post.html", "footer", roleCalls},
		{"post.html", "Author", roleReferences},
		{"schema.sql", "posts", roleDeclares},
	} {
		if !has(tc.symbol, tc.name, tc.role) {
			t.Errorf("%s: no identifier %s with role %s", tc.symbol, tc.name, tc.role)
		}
	}
}

func TestBuildTestsFlag(t *testing.T) {
	dir := writeTestModule(t)
	stats := buildTestIndex(t, dir, BuildOptions{Tests: true})
	if _, ok := storedChunks(t, stats.Path)["handlers/handlers_test.go TestNothing"]; !ok {
		t.Error("with Tests, the _test.go function is not indexed")
	}
}

func TestBuildIncremental(t *testing.T) {
	dir := writeTestModule(t)
	first := buildTestIndex(t, dir, BuildOptions{})
	if first.Embedded == 0 || first.Changed != first.Files {
		t.Fatalf("first build: %+v", first)
	}
	before := storedChunks(t, first.Path)

	second := buildTestIndex(t, dir, BuildOptions{})
	if second.Embedded != 0 || second.Changed != 0 || second.Unchanged != second.Files || second.Chunks != first.Chunks {
		t.Fatalf("second build with no change: %+v", second)
	}

	// Change one function's body and insert a line above it, so the
	// other function of the file moves without changing.
	path := filepath.Join(dir, "store/get.go")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	changed := strings.Replace(string(src), "package store\n", "package store\n\n// A comment line.\n", 1)
	changed = strings.Replace(changed, "return nil, ErrNotFound", "return nil, fmt.Errorf(\"post %d: %w\", id, ErrNotFound)", 1)
	changed = strings.Replace(changed, "package store\n", "package store\n\nimport \"fmt\"\n", 1)
	writeFile(t, path, changed)

	before0, err := os.Stat(first.Path)
	if err != nil {
		t.Fatal(err)
	}
	third := buildTestIndex(t, dir, BuildOptions{})
	if after0, err := os.Stat(third.Path); err != nil || !os.SameFile(before0, after0) {
		t.Errorf("the update replaced the index file instead of changing it in place (%v)", err)
	}
	assertVectorsMatchChunks(t, third.Path)
	if third.Changed != 1 || third.Embedded != 1 {
		t.Fatalf("after changing one function: changed %d files, embedded %d chunks; want 1 and 1 (%+v)", third.Changed, third.Embedded, third)
	}
	after := storedChunks(t, third.Path)
	put := after["store/get.go (*Store).Put"]
	if put.id != before["store/get.go (*Store).Put"].id || put.start != before["store/get.go (*Store).Put"].start+4 {
		t.Errorf("moved Put: id %d->%d, start %d->%d", before["store/get.go (*Store).Put"].id, put.id, before["store/get.go (*Store).Put"].start, put.start)
	}
	if !strings.Contains(after["store/get.go (*Store).Get"].text, "fmt.Errorf") {
		t.Error("changed Get text not stored")
	}
	for key, c := range before {
		if !strings.HasPrefix(key, "store/get.go") && after[key].id != c.id {
			t.Errorf("chunk %s of an unchanged file was replaced", key)
		}
	}

	// Changing a method's signature in get.go rewrites the Store type
	// chunk in store.go and embeds it again.
	writeFile(t, path, strings.Replace(changed, "func (s *Store) Put(p *Post)", "func (s *Store) Put(p *Post, overwrite bool)", 1))
	fourth := buildTestIndex(t, dir, BuildOptions{})
	if fourth.Embedded != 2 {
		t.Errorf("after changing Put's signature: embedded %d, want 2 (Put and the Store type)", fourth.Embedded)
	}
	if st := storedChunks(t, fourth.Path)["store/store.go Store"]; !strings.Contains(st.text, "overwrite bool") {
		t.Errorf("Store type chunk not updated:\n%s", st.text)
	}

	// Removing a file removes its chunks.
	if err := os.Remove(filepath.Join(dir, "db/schema.sql")); err != nil {
		t.Fatal(err)
	}
	fifth := buildTestIndex(t, dir, BuildOptions{})
	if fifth.Removed != 1 || fifth.Chunks != fourth.Chunks-1 {
		t.Errorf("after removing schema.sql: removed %d, chunks %d -> %d", fifth.Removed, fourth.Chunks, fifth.Chunks)
	}
	assertVectorsMatchChunks(t, fifth.Path)
}

// assertVectorsMatchChunks checks every chunk has exactly one vector.
func assertVectorsMatchChunks(t *testing.T, path string) {
	t.Helper()
	db, _, err := openIndex(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var chunks, vectors, orphans int
	mustScan(t, db, `SELECT count(*) FROM chunks`, &chunks)
	mustScan(t, db, `SELECT count(*) FROM vectors`, &vectors)
	mustScan(t, db, `SELECT count(*) FROM chunks WHERE id NOT IN (SELECT rowid FROM vectors)`, &orphans)
	if chunks != vectors || orphans != 0 {
		t.Errorf("%d chunks, %d vectors, %d chunks without a vector", chunks, vectors, orphans)
	}
	var codes, strayTerms, strayIdents, badCounts int
	codes = countCodes(t, db)
	strayTerms, badCounts = checkPostings(t, db)
	strayIdents = checkIdentPostings(t, db)
	var termTotal, recorded int64
	mustScan(t, db, `SELECT coalesce(sum(term_count), 0) FROM chunks`, &termTotal)
	mustScan(t, db, `SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'term_total'`, &recorded)
	if termTotal != recorded || termTotal == 0 {
		t.Errorf("the chunks' term counts add up to %d; the index records %d", termTotal, recorded)
	}
	if codes != chunks || strayTerms != 0 || strayIdents != 0 || badCounts != 0 {
		t.Errorf("%d codes for %d chunks; terms of no chunk: %d; identifiers the two stores disagree on: %d; chunks whose term_count is off: %d",
			codes, chunks, strayTerms, strayIdents, badCounts)
	}
}

// checkIdentPostings counts the identifiers the two stores of an index
// disagree on: a posting of a chunk that does not exist or whose row does
// not list the name under the role, a name a chunk's row lists that its
// posting list lacks, and a list whose recorded length is off.
func checkIdentPostings(t *testing.T, db *sql.DB) int {
	t.Helper()
	var unlisted, missing, miscounted int
	mustScan(t, db, `SELECT count(*) FROM ident_postings p, json_each(p.chunks) j WHERE NOT EXISTS (
		SELECT 1 FROM chunks c, json_each(c.idents, '$.' || substr(p.key, 1, 1)) n WHERE c.id = j.value AND n.value = substr(p.key, 2))`, &unlisted)
	mustScan(t, db, `SELECT count(*) FROM chunks c, json_each(c.idents) r, json_each(r.value) n WHERE NOT EXISTS (
		SELECT 1 FROM ident_postings p, json_each(p.chunks) j WHERE p.key = r.key || n.value AND j.value = c.id)`, &missing)
	mustScan(t, db, `SELECT count(*) FROM ident_postings WHERE n != json_array_length(chunks) OR n = 0`, &miscounted)
	return unlisted + missing + miscounted
}

func mustScan(t *testing.T, db *sql.DB, q string, dst any) {
	t.Helper()
	if err := db.QueryRow(q).Scan(dst); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func TestUpdateRemovesPostingsWrittenOtherwise(t *testing.T) {
	dir := writeTestModule(t)
	first := buildTestIndex(t, dir, BuildOptions{})
	db, err := openDB(first.Path, false)
	if err != nil {
		t.Fatal(err)
	}
	// A term the current computation would not give the chunk, and an
	// identifier its row lists that is in no posting list while one that
	// it does not list has it, as an index written by another version
	// might hold.
	var id int64
	mustScan(t, db, `SELECT id FROM chunks WHERE symbol = '(*Store).Get'`, &id)
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`INSERT INTO term_postings(term, df, postings) VALUES('stale', 1, ?)`, []any{encodePostings([]posting{{id: id, weight: 2}})}},
		{`UPDATE chunks SET term_count = term_count + 2 WHERE id = ?`, []any{id}},
		{`UPDATE meta SET value = CAST(value AS INTEGER) + 2 WHERE key = 'term_total'`, nil},
		{`UPDATE chunks SET idents = json_set(idents, '$.r[#]', 'Listed') WHERE id = ?`, []any{id}},
		{`INSERT INTO ident_postings(key, n, chunks) VALUES('rUnlisted', 1, json_array(?))`, []any{id}},
	} {
		if _, err := db.Exec(q.sql, q.args...); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	path := filepath.Join(dir, "store/get.go")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, path, strings.Replace(string(src), "return nil, ErrNotFound", "return nil, ErrNotFound // gone", 1))
	if stats := buildTestIndex(t, dir, BuildOptions{}); stats.Embedded != 1 {
		t.Fatalf("embedded %d chunks, want 1", stats.Embedded)
	}
	assertVectorsMatchChunks(t, first.Path)
}

// countCodes counts the shortlist codes stored in an index's code pages,
// failing on a code stored for no chunk.
func countCodes(t *testing.T, db *sql.DB) int {
	t.Helper()
	rows, err := db.Query(sqlReadCodePages)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		var page []byte
		if err := rows.Scan(&page); err != nil {
			t.Fatal(err)
		}
		err := forEachCode(page, func(id int64, code []byte) {
			n++
			var chunks int
			mustScan(t, db, fmt.Sprintf(`SELECT count(*) FROM chunks WHERE id = %d`, id), &chunks)
			if chunks != 1 || len(code) != codeBytes {
				t.Errorf("code of %d bytes for chunk %d, which the index holds %d times", len(code), id, chunks)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return n
}

// checkPostings reads every posting list of an index, failing on one whose
// df is not its length, and counts the postings of chunks the index does
// not hold and the chunks whose term_count is not the sum of their weights.
func checkPostings(t *testing.T, db *sql.DB) (stray, badCounts int) {
	t.Helper()
	counts := map[int64]int{}
	rows, err := db.Query(`SELECT id, term_count FROM chunks`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			t.Fatal(err)
		}
		counts[id] = n
	}
	rows.Close()
	sums := map[int64]int{}
	rows, err = db.Query(`SELECT term, df, postings FROM term_postings`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var term string
		var df int
		var blob []byte
		if err := rows.Scan(&term, &df, &blob); err != nil {
			t.Fatal(err)
		}
		ps, err := decodePostings(nil, blob)
		if err != nil || len(ps) != df || len(ps) == 0 {
			t.Errorf("term %q: %d postings, df %d, %v", term, len(ps), df, err)
		}
		for i, p := range ps {
			if i > 0 && p.id <= ps[i-1].id {
				t.Errorf("term %q: postings out of order: %v", term, ps)
			}
			if _, ok := counts[p.id]; !ok {
				stray++
			}
			sums[p.id] += p.weight
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	for id, n := range counts {
		if sums[id] != n {
			badCounts++
		}
	}
	return stray, badCounts
}
