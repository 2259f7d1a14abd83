// Package history keeps the reports of recent failures, so that the
// developer can list them and open each one again after its response is
// gone: in memory (bounded), and, when a directory is given, as one JSON
// file per report so that the history survives a restart of the dev
// server. It also lists the crash reports "explainerr run" writes.
//
// The store takes and gives only sealed reports (redact.Sealed), redacted
// before they reach it; it writes them to disk as they are, and a file
// read back (a report of an earlier run, a crash file) is sealed again as
// it is read.
//
// # Use from other parts of explainerr
//
//   - Reserve(id) before a failure's response is sent (its header names
//     the id), Add(id, rep) once the report is complete (explained).
//   - Get(id) returns a complete report at once; Await(ctx, id) waits for
//     one that is reserved but not added yet.
//   - AppendFollowUp(id, f) keeps a follow-up question and its answer with
//     a report (persisted with it); FollowUps(id) returns them, oldest
//     first.
//   - List() returns one Entry per fingerprint, newest first.
//   - Clear() forgets everything.
//
// A sealed report never changes, so the reports Get and Await return are
// shared safely.
package history

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"sync"
	"time"

	"github.com/explainerr/explainerr/explainerr/redact"
)

// Defaults of the retention limits.
const (
	// DefaultMaxReports is how many reports are kept by default.
	DefaultMaxReports = 100
	// DefaultMaxAge is how long a report is kept by default.
	DefaultMaxAge = 7 * 24 * time.Hour
)

// maxFollowUps bounds the follow-ups kept with one report; older ones give
// way.
const maxFollowUps = 20

// ErrNotFound is returned for an id the store does not hold (never added,
// or forgotten by retention or Clear).
var ErrNotFound = errors.New("history: no such report")

// Options configure a Store.
type Options struct {
	// Dir is where reports are persisted, one JSON file each; "" keeps
	// them in memory only.
	Dir string
	// CrashDir is where "explainerr run" writes crash reports
	// (.explainerr/crashes); "" lists none.
	CrashDir string
	// MaxReports bounds how many reports are kept (default
	// DefaultMaxReports); the oldest give way. Crash reports are bounded
	// separately by the same number.
	MaxReports int
	// MaxRefused bounds how many of the kept reports are of requests whose
	// client got no report (AddRefused); default a fifth of MaxReports,
	// at least one. They give way first, to each other and to the
	// developer's own reports, which they never push out.
	MaxRefused int
	// MaxAge is how long a report is kept (default DefaultMaxAge).
	MaxAge time.Duration
	// Now is the clock (default time.Now).
	Now func() time.Time
	// OnError, when not nil, is told about files that could not be
	// written, read or removed; the store carries on without them.
	OnError func(error)
}

// FollowUp is a question asked about a stored report, and its answer.
type FollowUp struct {
	Time     time.Time `json:"time"`
	Question string    `json:"question"`
	// Answer is the model's reply in Markdown ("" when it failed).
	Answer   string `json:"answer"`
	Provider string `json:"provider,omitempty"`
	Model    string `json:"model,omitempty"`
	// Error says why there is no (complete) answer.
	Error string `json:"error,omitempty"`
}

// Store holds the history. Its methods are safe for concurrent use. The
// persisted files are read on first use, not when the store is made.
type Store struct {
	opts Options

	mu      sync.Mutex
	loaded  bool
	records map[string]*record
	pending map[string]chan struct{}
	crashes crashCache
	cleared time.Time // crash reports up to this time are not listed
}

// New returns a store with opts; nothing is read until it is used.
func New(opts Options) *Store {
	if opts.MaxReports <= 0 {
		opts.MaxReports = DefaultMaxReports
	}
	if opts.MaxRefused <= 0 {
		opts.MaxRefused = max(opts.MaxReports/5, 1)
	}
	if opts.MaxAge <= 0 {
		opts.MaxAge = DefaultMaxAge
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Store{
		opts:    opts,
		records: map[string]*record{},
		pending: map[string]chan struct{}{},
		crashes: crashCache{files: map[string]*crashFile{}},
	}
}

// Dir returns the directory reports are persisted in ("" when none).
func (s *Store) Dir() string { return s.opts.Dir }

// NewID returns a fresh report id: 16 random hexadecimal digits.
func NewID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// Reserve notes that the report with id is being made: Await waits for it
// until Add (or Abandon) is called.
func (s *Store) Reserve(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.pending[id]; !ok {
		s.pending[id] = make(chan struct{})
	}
}

// Abandon gives up a reservation whose report will not be added.
func (s *Store) Abandon(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.release(id)
}

// release ends id's reservation; s.mu is held.
func (s *Store) release(id string) {
	if ch, ok := s.pending[id]; ok {
		close(ch)
		delete(s.pending, id)
	}
}

// Add keeps rep, the complete report of one failure, under id, counts it
// as one more occurrence of its fingerprint, persists it and ends id's
// reservation. An error (writing the file) leaves the report kept in
// memory.
func (s *Store) Add(id string, rep redact.Sealed) error {
	return s.add(id, rep, false)
}

// AddRefused is Add for the report of a request whose client was refused
// one: a client anywhere can cause such failures, so they are kept within
// their own bound (Options.MaxRefused), marked, and never push out the
// developer's reports.
func (s *Store) AddRefused(id string, rep redact.Sealed) error {
	return s.add(id, rep, true)
}

// add keeps rep under id.
func (s *Store) add(id string, rep redact.Sealed, refused bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	defer s.release(id)
	if !ValidID(id) || rep.IsZero() {
		return errors.New("history: invalid report id or nil report")
	}
	s.load()
	count := 1
	for _, r := range s.records {
		if r.Report.Fingerprint() == rep.Fingerprint() && rep.Fingerprint() != "" && r.Count >= count {
			count = r.Count + 1
		}
	}
	rec := &record{ID: id, Count: count, Report: rep, Refused: refused}
	s.records[id] = rec
	s.expire()
	return s.save(rec)
}

// Get returns the complete report stored under id (a failure's or a crash
// report's). It does not wait for a reserved one (see Await).
func (s *Store) Get(id string) (redact.Sealed, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rec := s.find(id)
	if rec == nil {
		return redact.Sealed{}, false
	}
	return rec.Report, true
}

// Await returns the report stored under id, waiting while it is reserved
// and not yet added, until ctx is done.
func (s *Store) Await(ctx context.Context, id string) (redact.Sealed, bool) {
	s.mu.Lock()
	ch, waiting := s.pending[id]
	s.mu.Unlock()
	if waiting {
		select {
		case <-ch:
		case <-ctx.Done():
			return redact.Sealed{}, false
		}
	}
	return s.Get(id)
}

// FollowUps returns the follow-ups kept with the report id, oldest first.
func (s *Store) FollowUps(id string) []FollowUp {
	s.mu.Lock()
	defer s.mu.Unlock()
	rec := s.find(id)
	if rec == nil {
		return nil
	}
	return append([]FollowUp(nil), rec.FollowUps...)
}

// AppendFollowUp keeps f with the report id and persists it with the
// report (also for a crash report, which then has a copy in the history).
// f must already be redacted. It returns ErrNotFound when id is not held;
// an error writing the file leaves f kept in memory.
func (s *Store) AppendFollowUp(id string, f FollowUp) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	rec := s.find(id)
	if rec == nil {
		return ErrNotFound
	}
	if f.Time.IsZero() {
		f.Time = s.opts.Now()
	}
	rec.FollowUps = append(rec.FollowUps, f)
	if n := len(rec.FollowUps); n > maxFollowUps {
		rec.FollowUps = append([]FollowUp(nil), rec.FollowUps[n-maxFollowUps:]...)
	}
	if rec.crash {
		// From now on the history holds it, follow-ups and all.
		rec.crash = false
		s.records[id] = rec
	}
	return s.save(rec)
}

// Clear forgets every report and follow-up: it deletes the history's files
// and hides the crash reports written so far (their files are left alone).
func (s *Store) Clear() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.load()
	var firstErr error
	for id := range s.records {
		if err := s.remove(id); err != nil && firstErr == nil {
			firstErr = err
		}
		delete(s.records, id)
	}
	s.crashes.files = map[string]*crashFile{}
	s.cleared = s.opts.Now()
	if err := s.saveCleared(); err != nil && firstErr == nil {
		firstErr = err
	}
	return firstErr
}

// find returns the record of id: a kept report or a listed crash report;
// s.mu is held.
func (s *Store) find(id string) *record {
	if !ValidID(id) {
		return nil
	}
	s.load()
	if rec, ok := s.records[id]; ok {
		return rec
	}
	if isCrashID(id) {
		return s.crashRecord(id)
	}
	return nil
}

// expire drops reports past the retention limits, oldest first; s.mu is
// held.
func (s *Store) expire() {
	cutoff := s.opts.Now().Add(-s.opts.MaxAge)
	for id, r := range s.records {
		if r.Report.Time().Before(cutoff) {
			s.drop(id)
		}
	}
	// Reports of refused clients give way first: beyond their own bound,
	// and then before any of the developer's.
	var refused, own []*record
	for _, r := range oldestFirst(s.records) {
		if r.Refused {
			refused = append(refused, r)
		} else {
			own = append(own, r)
		}
	}
	for len(refused) > 0 && (len(refused) > s.opts.MaxRefused || len(refused)+len(own) > s.opts.MaxReports) {
		s.drop(refused[0].ID)
		refused = refused[1:]
	}
	for len(own) > s.opts.MaxReports {
		s.drop(own[0].ID)
		own = own[1:]
	}
}

// drop forgets one report and deletes its file; s.mu is held.
func (s *Store) drop(id string) {
	delete(s.records, id)
	if err := s.remove(id); err != nil {
		s.report(err)
	}
}

// report passes err to the OnError function.
func (s *Store) report(err error) {
	if err != nil && s.opts.OnError != nil {
		s.opts.OnError(err)
	}
}
