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
	"github.com/explainerr/explainerr/explainerr/report"
)

// crashPrefix starts the id of a crash report: "crash-" and the name of its
// file without ".json", such as "crash-20261201T000742Z-1".
const crashPrefix = "crash-"

// crashCache holds the crash reports read so far, by file name, so that
// listing reads only new or changed files.
type crashCache struct {
	files map[string]*crashFile
}

// crashFile is one crash report file as last read.
type crashFile struct {
	size    int64
	modTime time.Time
	rec     *record // nil when the file could not be read
}

// isCrashID reports whether id names a crash report.
func isCrashID(id string) bool {
	stem, ok := strings.CutPrefix(id, crashPrefix)
	return ok && isCrashStem(stem)
}

// isCrashStem reports whether stem has the form of a crash report's name:
// a UTC time as 20261130T201500Z, a dash and a number.
func isCrashStem(stem string) bool {
	stamp, n, ok := strings.Cut(stem, "-")
	if !ok || len(stamp) != len("20060102T150405Z") || n == "" || len(n) > 9 {
		return false
	}
	for i := 0; i < len(stamp); i++ {
		c := stamp[i]
		switch i {
		case 8:
			if c != 'T' {
				return false
			}
		case 15:
			if c != 'Z' {
				return false
			}
		default:
			if c < '0' || c > '9' {
				return false
			}
		}
	}
	for i := 0; i < len(n); i++ {
		if n[i] < '0' || n[i] > '9' {
			return false
		}
	}
	return true
}

// crashRecords reads the crash reports' directory and returns the listed
// crash reports, newest first: at most MaxReports, none older than MaxAge
// or the last Clear, none the history holds a copy of; s.mu is held.
func (s *Store) crashRecords() []*record {
	dir := s.opts.CrashDir
	if dir == "" {
		return nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			s.report(fmt.Errorf("history: reading %s: %w", dir, err))
		}
		return nil
	}
	var stems []string
	for _, e := range entries {
		stem, ok := strings.CutSuffix(e.Name(), ".json")
		if ok && isCrashStem(stem) && e.Type().IsRegular() {
			stems = append(stems, stem)
		}
	}
	// Names start with the time: the newest sort last.
	sort.Sort(sort.Reverse(sort.StringSlice(stems)))
	if len(stems) > s.opts.MaxReports {
		stems = stems[:s.opts.MaxReports]
	}
	seen := make(map[string]*crashFile, len(stems))
	cutoff := s.opts.Now().Add(-s.opts.MaxAge)
	var out []*record
	for _, stem := range stems {
		cf := s.readCrash(filepath.Join(dir, stem+".json"), stem)
		seen[stem] = cf
		if cf == nil || cf.rec == nil {
			continue
		}
		t := cf.rec.Report.Time()
		if t.Before(cutoff) || !t.After(s.cleared) {
			continue
		}
		if _, kept := s.records[cf.rec.ID]; kept {
			continue
		}
		out = append(out, cf.rec)
	}
	s.crashes.files = seen
	countCrashes(out)
	return out
}

// readCrash returns the crash report at path, from the cache when the file
// has not changed; nil when it cannot be read (it may be half written).
func (s *Store) readCrash(path, stem string) *crashFile {
	info, err := os.Stat(path)
	if err != nil {
		return nil
	}
	if cf := s.crashes.files[stem]; cf != nil && cf.size == info.Size() && cf.modTime.Equal(info.ModTime()) {
		return cf
	}
	cf := &crashFile{size: info.Size(), modTime: info.ModTime()}
	if info.Size() > maxFileSize {
		return cf
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var rep report.Report
	if err := json.Unmarshal(data, &rep); err != nil {
		// Being written, or not a report: tried again when it changes.
		return cf
	}
	if rep.Error.Kind == "" {
		rep.Error.Kind = report.KindCrash
	}
	if rep.Time.IsZero() {
		rep.Time = info.ModTime()
	}
	cf.rec = &record{ID: crashPrefix + stem, Count: 1, Report: redact.Seal(&rep, nil), crash: true}
	return cf
}

// countCrashes sets each crash record's count: how many of the listed crash
// reports (given newest first) share its fingerprint, up to it.
func countCrashes(newestFirst []*record) {
	seen := map[string]int{}
	for i := len(newestFirst) - 1; i >= 0; i-- {
		r := newestFirst[i]
		fp := r.Report.Fingerprint()
		if fp == "" {
			r.Count = 1
			continue
		}
		seen[fp]++
		r.Count = seen[fp]
	}
}

// crashRecord returns the listed crash report id; s.mu is held.
func (s *Store) crashRecord(id string) *record {
	for _, r := range s.crashRecords() {
		if r.ID == id {
			return r
		}
	}
	return nil
}
