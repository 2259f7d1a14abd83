package offline

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/testdir"
)

// TestLostSentinelTestedByAnOuterFrame: the status is written inside the
// app's response helpers, several frames below the handler that tests
// errors.Is(err, store.ErrNotFound); the store wrapped the sentinel with
// %v. The explanation names the handler's test and the wrap, and no other
// text-only wrap of the same sentinel whose format does not give the
// message.
func TestLostSentinelTestedByAnOuterFrame(t *testing.T) {
	dir := t.TempDir()
	store := `package store

import (
	"errors"
	"fmt"
)

var ErrNotFound = errors.New("store: key not found")

func Delete(id int) error {
	return fmt.Errorf("store: key %d: %v", id, ErrNotFound)
}

func Rename(id int) error {
	return fmt.Errorf("rename failed for %d (%v)", id, ErrNotFound)
}
`
	resp := `package resp

import "net/http"

func ServerError(w http.ResponseWriter, err error) {
	write(w, http.StatusInternalServerError, err.Error())
}

func write(w http.ResponseWriter, status int, msg string) {
	w.WriteHeader(status)
	w.Write([]byte(msg))
}
`
	api := `package api

import (
	"errors"
	"net/http"

	"example.com/keys/resp"
	"example.com/keys/store"
)

func deleteKey(w http.ResponseWriter, r *http.Request) {
	if err := store.Delete(7); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			w.WriteHeader(http.StatusNotFound)
			return
		}
		resp.ServerError(w, err)
	}
}
`
	testdir.Write(t, dir, map[string]string{"go.mod": "module example.com/keys\n\ngo 1.22\n", "store/store.go": store, "resp/resp.go": resp, "api/api.go": api})
	frame := func(fn, file, src, marker string) report.Frame {
		lines := strings.Split(src, "\n")
		for i, l := range lines {
			if strings.Contains(l, marker) {
				return report.Frame{Function: fn, File: filepath.Join(dir, file), Line: i + 1, Kind: report.FrameApp,
					Source: &report.Source{StartLine: i + 1, Lines: lines[i : i+1], Line: i + 1}}
			}
		}
		t.Fatalf("%s: no line with %q", file, marker)
		return report.Frame{}
	}
	r := statusReport("store: key 7: store: key not found",
		frame("example.com/keys/resp.write", "resp/resp.go", resp, "w.WriteHeader(status)"),
		frame("example.com/keys/resp.ServerError", "resp/resp.go", resp, "write(w, http.StatusInternalServerError"),
		frame("example.com/keys/api.deleteKey", "api/api.go", api, "resp.ServerError(w, err)"))
	text := Analyze(r)
	for _, want := range []string{"`errors.Is(err, store.ErrNotFound)`", "`deleteKey`", "`Delete`", "instead of `\"%v\"`"} {
		if !strings.Contains(text, want) {
			t.Errorf("the explanation lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "Rename") || strings.Contains(text, "Return a sentinel error") {
		t.Errorf("the explanation blames another wrap or advises the test the handler has:\n%s", text)
	}
}
