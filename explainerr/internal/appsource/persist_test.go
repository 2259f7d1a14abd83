package appsource

import (
	"bytes"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// restart forgets every module held in memory, as a new process does.
func restart() { Forget() }

// captureLog sends the understanding's notices to a buffer for the test.
func captureLog(t *testing.T) *bytes.Buffer {
	t.Helper()
	var buf bytes.Buffer
	var mu sync.Mutex
	SetLogger(slog.New(slog.NewTextHandler(lockedWriter{&mu, &buf}, nil)))
	t.Cleanup(func() { SetLogger(nil) })
	return &buf
}

type lockedWriter struct {
	mu  *sync.Mutex
	buf *bytes.Buffer
}

func (w lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Write(p)
}

// storeModule has an interface in one package and its implementation in
// another, so that a change of one file changes what the other resolves.
var storeModule = map[string]string{
	"go.mod":          "module example.com/shop\n",
	"web/handler.go":  "package web\n\nimport \"example.com/shop/store\"\n\ntype Getter interface{ Get(id int) (string, error) }\n\ntype Handler struct{ db Getter }\n\nfunc New() *Handler { return &Handler{db: store.Open()} }\n\nfunc (h *Handler) Show(id int) string { s, _ := h.db.Get(id); return s }\n",
	"store/store.go":  "package store\n\nimport \"fmt\"\n\ntype DB struct{ rows map[int]string }\n\nfunc Open() *DB { return &DB{} }\n\nfunc (d *DB) Get(id int) (string, error) {\n\tif d.rows[id] == \"\" {\n\t\treturn \"\", fmt.Errorf(\"loading product %d: not found\", id)\n\t}\n\treturn d.rows[id], nil\n}\n",
	"store/schema.go": "package store\n\nconst schema = `CREATE TABLE products (id INTEGER PRIMARY KEY, name TEXT)`\n",
}

func TestRestartReusesThePersistedUnderstandingWithoutParsing(t *testing.T) {
	root := writeModule(t, storeModule)
	handler := filepath.Join(root, "web", "handler.go")
	before := parses.Load()
	if m := Load(handler); m == nil || len(m.Files) != 3 {
		t.Fatalf("first load: %+v", m)
	}
	if got := parses.Load() - before; got != 3 {
		t.Fatalf("a module read from nothing parses each file once: %d parses", got)
	}
	if _, err := os.Stat(cachePath(root)); err != nil {
		t.Fatalf("the understanding was not persisted: %v", err)
	}

	restart()
	before = parses.Load()
	m := Load(handler)
	if m == nil || len(m.Files) != 3 {
		t.Fatalf("load after restart: %+v", m)
	}
	origins := m.ErrorOrigins("loading product 7: not found")
	sql := m.SQLLiterals()
	impls := m.index().methodNames[dirName{filepath.Join(root, "store"), "DB"}]
	if got := parses.Load() - before; got != 0 {
		t.Errorf("after a restart with nothing edited, %d files were parsed again", got)
	}
	if len(origins) != 1 || origins[0].Func != "(*DB).Get" || origins[0].Line != 11 {
		t.Errorf("error origin from the persisted facts: %+v", origins)
	}
	if len(sql) != 1 || !sql[0].DDL || !strings.Contains(sql[0].Value, "products") {
		t.Errorf("SQL literals from the persisted facts: %+v", sql)
	}
	if !impls["Get"] {
		t.Errorf("method names from the persisted facts: %v", impls)
	}
	refs := m.Implementations(filepath.Join(root, "web"), "Getter", "Get")
	if len(refs) != 1 || refs[0].Decl == nil || FuncName(refs[0].Decl) != "(*DB).Get" {
		t.Errorf("implementation after a restart: %+v", refs)
	}
	if got := parses.Load() - before; got != 1 {
		t.Errorf("resolving one implementation parses only its file: %d parses", got)
	}
}

func TestAnEditedFileIsAnalysedAgainAndItsDependentsSeeTheChange(t *testing.T) {
	root := writeModule(t, storeModule)
	web, store := filepath.Join(root, "web"), filepath.Join(root, "store", "store.go")
	Load(filepath.Join(web, "handler.go"))
	if refs := Load(filepath.Join(web, "handler.go")).Implementations(web, "Getter", "Get"); len(refs) != 1 {
		t.Fatalf("implementation before the edit: %+v", refs)
	}

	// The store's Get is renamed: DB no longer implements Getter.
	edited := strings.Replace(storeModule["store/store.go"], "Get(id int)", "Fetch(id int)", 1)
	writeFile(t, store, edited, time.Now())
	restart()
	before := parses.Load()
	m := Load(filepath.Join(web, "handler.go"))
	if got := parses.Load() - before; got != 1 {
		t.Errorf("one file edited: %d files parsed again, want 1", got)
	}
	if refs := m.Implementations(web, "Getter", "Get"); len(refs) != 0 {
		t.Errorf("the dependent package still resolves to the renamed method: %+v", refs)
	}
	if len(m.Methods("Fetch")) != 1 || len(m.Methods("Get")) != 0 {
		t.Errorf("methods after the edit: Fetch %d, Get %d", len(m.Methods("Fetch")), len(m.Methods("Get")))
	}

	// The edit persisted: another restart parses nothing.
	restart()
	before = parses.Load()
	Load(filepath.Join(web, "handler.go"))
	if got := parses.Load() - before; got != 0 {
		t.Errorf("second restart after the edit: %d parses", got)
	}
}

func TestATouchedFileWithTheSameContentIsNotParsedAgain(t *testing.T) {
	root := writeModule(t, storeModule)
	handler := filepath.Join(root, "web", "handler.go")
	Load(handler)
	if err := os.Chtimes(handler, time.Now(), time.Now()); err != nil {
		t.Fatal(err)
	}
	restart()
	before := parses.Load()
	Load(handler)
	if got := parses.Load() - before; got != 0 {
		t.Errorf("a file with a new time and the same content was parsed again (%d parses): the key is its content", got)
	}
}

func TestACorruptUnderstandingIsIgnoredAndRebuilt(t *testing.T) {
	log := captureLog(t)
	root := writeModule(t, storeModule)
	handler := filepath.Join(root, "web", "handler.go")
	Load(handler)
	if err := os.WriteFile(cachePath(root), []byte(cacheMagic+"\x07garbage that is no JSON"), 0o600); err != nil {
		t.Fatal(err)
	}
	restart()
	m := Load(handler)
	if m == nil || len(m.ErrorMakers()) != 1 {
		t.Fatalf("module with a corrupt understanding: %+v", m)
	}
	if n := strings.Count(log.String(), "module understanding file ignored"); n != 1 {
		t.Errorf("want one notice of the corrupt file, got %d in %q", n, log.String())
	}
	p, err := readPersisted(root)
	if err != nil || len(p.Files) != 3 {
		t.Errorf("the corrupt file was not rebuilt: %v, %d files", err, len(p.Files))
	}
}

func TestAForeignFileAtTheUnderstandingsPathIsNeitherTrustedNorOverwritten(t *testing.T) {
	log := captureLog(t)
	root := writeModule(t, storeModule)
	foreign := []byte("someone else's notes\n")
	writeFile(t, cachePath(root), string(foreign), time.Now())
	handler := filepath.Join(root, "web", "handler.go")
	before := parses.Load()
	m := Load(handler)
	if m == nil || len(m.Files) != 3 || parses.Load()-before != 3 {
		t.Fatalf("module beside a foreign file: %+v, %d parses", m, parses.Load()-before)
	}
	if got, _ := os.ReadFile(cachePath(root)); !bytes.Equal(got, foreign) {
		t.Errorf("the foreign file was changed: %q", got)
	}
	if !strings.Contains(log.String(), "ignored") || !strings.Contains(log.String(), "not explainerr's") {
		t.Errorf("notices: %q", log.String())
	}
}

func TestAnUnwritableCacheDirectoryKeepsTheUnderstandingInMemoryAndSaysSoOnce(t *testing.T) {
	log := captureLog(t)
	root := writeModule(t, storeModule)
	// A file where the .explainerr directory belongs: nothing can be
	// written below it, whoever runs the test.
	writeFile(t, filepath.Join(root, ".explainerr"), "not a directory", time.Now())
	handler := filepath.Join(root, "web", "handler.go")
	if m := Load(handler); m == nil || len(m.ErrorMakers()) != 1 {
		t.Fatalf("module with an unwritable cache directory: %+v", m)
	}
	writeFile(t, filepath.Join(root, "web", "extra.go"), "package web\n\nfunc Extra() {}\n", time.Now())
	expireCache()
	if m := Load(handler); m == nil || len(m.Func(filepath.Join(root, "web"), "Extra")) != 1 {
		t.Fatalf("the edit was not seen in memory")
	}
	if n := strings.Count(log.String(), "cannot write it"); n != 1 {
		t.Errorf("want the unwritable directory said once, got %d in %q", n, log.String())
	}
}

func TestConcurrentWritersLeaveAWholeUnderstanding(t *testing.T) {
	root := writeModule(t, storeModule)
	Load(filepath.Join(root, "web", "handler.go"))
	p, err := readPersisted(root)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(2)
		go func() {
			defer wg.Done()
			if err := writePersisted(root, p); err != nil {
				t.Error(err)
			}
		}()
		go func() {
			defer wg.Done()
			if got, err := readPersisted(root); err != nil || len(got.Files) != 3 {
				t.Errorf("a reader saw a partial understanding: %v, %d files", err, len(got.Files))
			}
		}()
	}
	wg.Wait()
	if left, _ := filepath.Glob(filepath.Join(root, ".explainerr", ".understanding-*")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestAnUnderstandingOfAnotherVersionIsRebuilt(t *testing.T) {
	captureLog(t)
	root := writeModule(t, storeModule)
	handler := filepath.Join(root, "web", "handler.go")
	if err := writePersisted(root, &persisted{Version: factsVersion - 1, Root: root, Files: map[string]persistedFile{"web/handler.go": {}}}); err != nil {
		t.Fatal(err)
	}
	before := parses.Load()
	Load(handler)
	if got := parses.Load() - before; got != 3 {
		t.Errorf("an understanding of another version was trusted: %d parses", got)
	}
	if p, err := readPersisted(root); err != nil || p.Version != factsVersion || len(p.Files) != 3 {
		t.Errorf("not rebuilt in this version: %v", err)
	}
}

func TestPreloadBuildsAndPersistsTheUnderstandingInTheBackground(t *testing.T) {
	root := writeModule(t, storeModule)
	<-Preload(root)
	if p, err := readPersisted(root); err != nil || len(p.Files) != 3 {
		t.Fatalf("after Preload: %v, %+v", err, p)
	}
	before := parses.Load()
	if m := Load(filepath.Join(root, "store", "store.go")); m == nil || len(m.Files) != 3 {
		t.Fatalf("load after preload: %+v", m)
	}
	if got := parses.Load() - before; got != 0 {
		t.Errorf("the first failure after Preload parsed %d files again", got)
	}
}
