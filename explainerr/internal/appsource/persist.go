package appsource

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"
)

// The understanding persists at .explainerr/understanding.json in the
// module root, beside the index: per file, its size, time, content hash
// and facts. A restart lists the module, reuses the facts of every file
// whose content is unchanged (its size and time as stored, or else its
// hash) and reads only the others. The file starts with cacheMagic, so
// that a file there that is not explainerr's is never read as facts nor
// overwritten; one of explainerr's that does not decode is rebuilt. It is
// written to a temporary file in the same directory and renamed over the
// old one, so that a reader, or another process writing at the same
// time, sees a whole file, the last one renamed.

// cacheName is the file's name in the .explainerr directory.
const cacheName = "understanding.json"

// cacheMagic starts the file.
const cacheMagic = "explainerr module understanding\n"

// factsVersion changes with fileFacts: a file of another version is
// explainerr's, and rebuilt.
const factsVersion = 22

// persisted is the file's content after cacheMagic.
type persisted struct {
	Version int
	// Root is the module root the facts describe.
	Root  string
	Files map[string]persistedFile
}

// persistedFile is one file's entry, by path relative to the root.
type persistedFile struct {
	Size    int64
	ModTime int64
	Hash    string
	Facts   *fileFacts
}

// cachePath returns the understanding's path for the module at root.
func cachePath(root string) string {
	return filepath.Join(root, ".explainerr", cacheName)
}

// errForeign says the file at the cache path is not explainerr's.
var errForeign = errors.New("not explainerr's module understanding")

// readPersisted reads the understanding of the module at root. A missing
// file gives an empty one; a foreign or broken one gives an empty one
// and the error that says why.
func readPersisted(root string) (*persisted, error) {
	empty := &persisted{Version: factsVersion, Root: root, Files: map[string]persistedFile{}}
	f, err := os.Open(cachePath(root))
	if errors.Is(err, os.ErrNotExist) {
		return empty, nil
	}
	if err != nil {
		return empty, err
	}
	defer f.Close()
	r := bufio.NewReader(f)
	head := make([]byte, len(cacheMagic))
	if _, err := io.ReadFull(r, head); err != nil || !bytes.Equal(head, []byte(cacheMagic)) {
		return empty, errForeign
	}
	var p persisted
	if err := json.NewDecoder(r).Decode(&p); err != nil {
		return empty, fmt.Errorf("corrupt: %w", err)
	}
	if p.Version != factsVersion {
		return empty, fmt.Errorf("made by another version (%d, this one reads %d)", p.Version, factsVersion)
	}
	if p.Root != root {
		return empty, fmt.Errorf("made for another module root (%s)", p.Root)
	}
	if p.Files == nil {
		p.Files = map[string]persistedFile{}
	}
	return &p, nil
}

// writePersisted writes p for the module at root: to a temporary file
// in the same directory, renamed over the old one.
func writePersisted(root string, p *persisted) error {
	dir := filepath.Dir(cachePath(root))
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, ".understanding-*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	w := bufio.NewWriter(tmp)
	w.WriteString(cacheMagic)
	if err := json.NewEncoder(w).Encode(p); err != nil {
		tmp.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), cachePath(root))
}

// logger receives the understanding's one-line notices.
var logger atomic.Pointer[slog.Logger]

// SetLogger sets where the understanding says that its persisted file
// was ignored or could not be written; slog.Default() when never set.
func SetLogger(l *slog.Logger) { logger.Store(l) }

// said keeps the notices given, so that each is given once per process.
var said sync.Map

// noticeOnce logs msg once per process and key.
func noticeOnce(key, msg string, args ...any) {
	if _, dup := said.LoadOrStore(key, true); dup {
		return
	}
	l := logger.Load()
	if l == nil {
		l = slog.Default()
	}
	l.Warn(msg, args...)
}

// stampOf is a file time as stored.
func stampOf(t time.Time) int64 { return t.UnixNano() }
