package history

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/explainerr/explainerr/explainerr/redact"
)

// fileVersion marks the format of a persisted report file.
const fileVersion = 1

// clearedFile records when the history was last cleared.
const clearedFile = "cleared"

// maxFileSize bounds a persisted file the store reads back (a report is
// far smaller; anything larger is not one of its own).
const maxFileSize = 32 << 20

// record is one kept report with its follow-ups, as persisted.
type record struct {
	Version int           `json:"version"`
	ID      string        `json:"id"`
	Count   int           `json:"count"` // occurrences of its fingerprint up to this one
	Report  redact.Sealed `json:"report"`
	// FollowUps are the questions asked about it, oldest first.
	FollowUps []FollowUp `json:"follow_ups,omitempty"`
	// Refused: the request's client was refused a report (AddRefused).
	Refused bool `json:"refused,omitempty"`
	// crash: read from the crash reports' directory and not (yet) kept in
	// the history's own.
	crash bool
}

// ValidID reports whether id can name a report: 1 to 64 ASCII letters,
// digits and dashes, not starting with a dash. Anything else (a path, a
// dot) is never looked up.
func ValidID(id string) bool {
	if id == "" || len(id) > 64 || id[0] == '-' {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// load reads the persisted reports once; s.mu is held.
func (s *Store) load() {
	if s.loaded {
		return
	}
	s.loaded = true
	if s.opts.Dir == "" {
		return
	}
	if data, err := os.ReadFile(filepath.Join(s.opts.Dir, clearedFile)); err == nil {
		if t, err := time.Parse(time.RFC3339Nano, strings.TrimSpace(string(data))); err == nil {
			s.cleared = t
		}
	}
	entries, err := os.ReadDir(s.opts.Dir)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			s.report(fmt.Errorf("history: reading %s: %w", s.opts.Dir, err))
		}
		return
	}
	for _, e := range entries {
		id, ok := strings.CutSuffix(e.Name(), ".json")
		if !ok || !ValidID(id) || !e.Type().IsRegular() {
			continue
		}
		rec, err := readRecord(filepath.Join(s.opts.Dir, e.Name()))
		if err != nil {
			s.report(err)
			continue
		}
		rec.ID = id
		s.records[id] = rec
	}
	s.expire()
}

// readRecord reads one persisted report file.
func readRecord(path string) (*record, error) {
	data, err := readBounded(path)
	if err != nil {
		return nil, err
	}
	var rec record
	if err := json.Unmarshal(data, &rec); err != nil {
		return nil, fmt.Errorf("history: %s is not a report file: %w", path, err)
	}
	if rec.Report.IsZero() || rec.Version != fileVersion {
		return nil, fmt.Errorf("history: %s is not a report file of this version", path)
	}
	if rec.Count < 1 {
		rec.Count = 1
	}
	return &rec, nil
}

// readBounded reads a file of at most maxFileSize bytes.
func readBounded(path string) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if info.Size() > maxFileSize {
		return nil, fmt.Errorf("history: %s is too large (%d bytes) to be a report", path, info.Size())
	}
	return os.ReadFile(path)
}

// save persists rec, replacing its file atomically; s.mu is held.
func (s *Store) save(rec *record) error {
	if s.opts.Dir == "" {
		return nil
	}
	rec.Version = fileVersion
	data, err := json.Marshal(rec)
	if err != nil {
		return fmt.Errorf("history: encoding report %s: %w", rec.ID, err)
	}
	return writeAtomic(s.opts.Dir, rec.ID+".json", data)
}

// saveCleared persists the time of the last Clear; s.mu is held.
func (s *Store) saveCleared() error {
	if s.opts.Dir == "" {
		return nil
	}
	return writeAtomic(s.opts.Dir, clearedFile, []byte(s.cleared.UTC().Format(time.RFC3339Nano)+"\n"))
}

// writeAtomic writes data to dir/name through a temporary file and a
// rename, so that a reader never sees half a file. The directory and the
// file are private to the user: reports describe the app's source.
func writeAtomic(dir, name string, data []byte) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("history: %w", err)
	}
	f, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return fmt.Errorf("history: %w", err)
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(f.Name(), filepath.Join(dir, name))
	}
	if err != nil {
		os.Remove(f.Name())
		return fmt.Errorf("history: writing %s: %w", name, err)
	}
	return nil
}

// remove deletes the file of report id, if there is one; s.mu is held.
func (s *Store) remove(id string) error {
	if s.opts.Dir == "" || !ValidID(id) {
		return nil
	}
	err := os.Remove(filepath.Join(s.opts.Dir, id+".json"))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("history: %w", err)
	}
	return nil
}

// oldestFirst returns the records of m by time, oldest first (ties by id).
func oldestFirst(m map[string]*record) []*record {
	out := make([]*record, 0, len(m))
	for _, r := range m {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool {
		ti, tj := out[i].Report.Time(), out[j].Report.Time()
		if !ti.Equal(tj) {
			return ti.Before(tj)
		}
		return out[i].ID < out[j].ID
	})
	return out
}
