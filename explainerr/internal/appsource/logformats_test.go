package appsource

import (
	"slices"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// blobsModule's error helper logs a line of its own making around the
// error; the error itself is made by the blob store, in another package.
var blobsModule = map[string]string{
	"go.mod": "module example.com/blobs\n",
	"store/store.go": `package store

import (
	"fmt"
	"os"
)

type Disk struct{ dir string }

func (d *Disk) Put(name string, data []byte) error {
	if err := os.WriteFile(d.dir+"/"+name, data, 0o600); err != nil {
		return fmt.Errorf("cannot store blob %s : %s", name, err)
	}
	return nil
}
`,
	"web/fail.go": `package web

import (
	"log"
	"net/http"
)

func fail(w http.ResponseWriter, message string, err error, status int) {
	log.Printf("%s -- %v -- %d", message, err, status)
	http.Error(w, message, status)
}

func note(w http.ResponseWriter, key string, err error) {
	log.Printf("%s: %v", key, err)
}
`,
}

// TestErrorInTheAppsOwnLogLine: a logged line the app's error helper
// formats around the error ("%s -- %v -- %d"), behind a text logger's
// glued, bracketed fields, gives the error back, and the function that
// made it is in the context; a format with little text of its own
// ("%s: %v") splits nothing.
func TestErrorInTheAppsOwnLogLine(t *testing.T) {
	root := writeModule(t, blobsModule)
	line := "[03/12/2026 09:15:02][ERROR   ][[10.0.0.4][k3j9][report.pdf]] upload failed -- cannot store blob b1 : open /data/b1: permission denied -- 500"
	m := Load(root + "/web/fail.go")
	got := m.ErrorInLine(line)
	want := "cannot store blob b1 : open /data/b1: permission denied"
	if !slices.Contains(got, want) {
		t.Fatalf("ErrorInLine = %q, want %q among them", got, want)
	}
	if parts := m.ErrorInLine("tags: open /data/b1: permission denied"); len(parts) != 0 {
		t.Errorf("a two-byte format split a message: %q", parts)
	}
	r := shelfReport(root, "upload failed", report.Frame{Function: "example.com/blobs/web.fail", File: "web/fail.go", Line: 9})
	r.Logs = []report.LogLine{{Text: line}}
	cs := reasons(Static(r))
	if !contains(cs[report.ReasonOrigin], "store/store.go:(*Disk).Put") {
		t.Errorf("the maker of the logged error is missing: %v", cs)
	}
}
