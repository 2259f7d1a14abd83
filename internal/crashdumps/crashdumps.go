// Package crashdumps loads, for tests, labelled real Go crash dumps: the
// ones kept in this package's testdata/labelled, or those of another
// testdata directory, with their labels (the app's module, the goroutine
// that failed and its app frames). Tests read nothing outside the
// repository: a dump a test needs is copied into a testdata directory,
// with its source recorded in that directory's README.
package crashdumps

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Dump is one labelled crash dump (a line of index.jsonl).
type Dump struct {
	// File is the dump's file name inside the directory Load returns.
	File      string `json:"file"`
	AppModule string `json:"app_module"`
	PanicKind string `json:"panic_kind"`
	// CulpritFunction is the innermost app frame of the failing goroutine.
	CulpritFunction string `json:"culprit_function"`
	// AppFrames are that goroutine's app frames, innermost first.
	AppFrames []string `json:"app_frames"`
	// Source is where the dump was published, such as a GitHub issue.
	Source string `json:"source,omitempty"`
	// FailingGoroutine is the ID of the goroutine that failed; nil when
	// the label does not say.
	FailingGoroutine *int `json:"failing_goroutine,omitempty"`
	// Header is the crash's main header line as it should be read ("panic:
	// …", "fatal error: …"); "" when the label does not say.
	Header string `json:"header,omitempty"`
	// Warning is a text a warning about the dump must contain; "" when
	// none is expected.
	Warning string `json:"warning,omitempty"`
	// Message is a text the dump's error message must contain; "" when
	// the label does not say.
	Message string `json:"message,omitempty"`
}

// Load returns the directory of the labelled real dumps kept in this
// package's testdata/labelled, and their labels.
func Load(t testing.TB) (dir string, dumps []Dump) {
	t.Helper()
	_, self, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("cannot locate the repository")
	}
	dir = filepath.Join(filepath.Dir(self), "testdata", "labelled")
	if _, err := os.Stat(filepath.Join(dir, "index.jsonl")); err != nil {
		t.Fatalf("the labelled crash dumps must be at %s: %v", dir, err)
	}
	return dir, LoadDir(t, dir)
}

// LoadDir returns the labelled dumps listed in dir's index.jsonl.
func LoadDir(t testing.TB, dir string) (dumps []Dump) {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, "index.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var d Dump
		if err := json.Unmarshal(sc.Bytes(), &d); err != nil {
			t.Fatalf("index.jsonl: %v", err)
		}
		dumps = append(dumps, d)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(dumps) == 0 {
		t.Fatalf("no dumps listed in %s", filepath.Join(dir, "index.jsonl"))
	}
	return dumps
}
