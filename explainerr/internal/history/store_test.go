package history

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
)

func failure(msg, fp string, at time.Time) *report.Report {
	return &report.Report{
		Error:       report.Error{Kind: report.KindPanic, Message: msg},
		Request:     report.Request{Method: "GET", URL: "/cart/1?x=2"},
		Explanation: report.Explanation{Provider: "openai", Model: "gpt-4o-mini", Text: "because"},
		Fingerprint: fp,
		Status:      500,
		Time:        at,
	}
}

func TestFollowUpsArePersistedWithTheReport(t *testing.T) {
	dir := t.TempDir()
	s := New(Options{Dir: dir})
	id := NewID()
	if err := s.Add(id, redact.Seal(failure("nil map", "fp1", time.Now()), nil)); err != nil {
		t.Fatal(err)
	}
	if err := s.AppendFollowUp(id, FollowUp{Question: "why nil?", Answer: "never made", Model: "gpt-4o-mini"}); err != nil {
		t.Fatal(err)
	}
	if err := s.AppendFollowUp("0123456789abcdef", FollowUp{Question: "?"}); !errors.Is(err, ErrNotFound) {
		t.Errorf("follow-up to an unknown report: %v, want ErrNotFound", err)
	}

	again := New(Options{Dir: dir})
	rep, ok := again.Get(id)
	if !ok || rep.Report().Error.Message != "nil map" {
		t.Fatalf("after a restart Get(%s) = %v, %v", id, rep, ok)
	}
	fus := again.FollowUps(id)
	if len(fus) != 1 || fus[0].Question != "why nil?" || fus[0].Answer != "never made" || fus[0].Time.IsZero() {
		t.Fatalf("follow-ups after a restart: %+v", fus)
	}
	// FollowUps returns a copy.
	fus[0].Question = "changed"
	if again.FollowUps(id)[0].Question != "why nil?" {
		t.Error("FollowUps shares its slice with the store")
	}
	e := again.List()
	if len(e) != 1 || e[0].Path != "/cart/1" || e[0].Explainer != "openai/gpt-4o-mini" || e[0].Count != 1 {
		t.Errorf("list: %+v", e)
	}
}

func TestAwaitWaitsForAReservedReport(t *testing.T) {
	s := New(Options{})
	id := NewID()
	s.Reserve(id)
	if _, ok := s.Get(id); ok {
		t.Fatal("Get returned a report that is only reserved")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, ok := s.Await(ctx, id); ok {
		t.Fatal("Await with a done context returned a report")
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		time.Sleep(20 * time.Millisecond)
		s.Add(id, redact.Seal(failure("late", "fp", time.Now()), nil))
	}()
	ctx, cancel = context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	rep, ok := s.Await(ctx, id)
	if !ok || rep.Report().Error.Message != "late" {
		t.Fatalf("Await = %v, %v", rep, ok)
	}
	wg.Wait()

	other := NewID()
	s.Reserve(other)
	s.Abandon(other)
	if _, ok := s.Await(context.Background(), other); ok {
		t.Error("an abandoned reservation returned a report")
	}
}

func TestCountsAndRetention(t *testing.T) {
	now := time.Now()
	s := New(Options{MaxReports: 3, MaxAge: time.Hour})
	ids := make([]string, 5)
	for i := range ids {
		ids[i] = NewID()
		fp := "a"
		if i%2 == 1 {
			fp = "b"
		}
		s.Add(ids[i], redact.Seal(failure("m", fp, now.Add(time.Duration(i)*time.Second)), nil))
	}
	e := s.List()
	// Kept: reports 2 (a), 3 (b) and 4 (a); a happened three times, b twice.
	if len(e) != 2 || e[0].ID != ids[4] || e[0].Count != 3 || e[1].ID != ids[3] || e[1].Count != 2 {
		t.Fatalf("list: %+v", e)
	}
	if _, ok := s.Get(ids[0]); ok {
		t.Error("the oldest report is still kept beyond MaxReports")
	}
	s.Add(NewID(), redact.Seal(failure("old", "c", now.Add(-2*time.Hour)), nil))
	for _, x := range s.List() {
		if x.Fingerprint == "c" {
			t.Error("a report older than MaxAge is listed")
		}
	}
}

func TestUnreadableFilesAreSkipped(t *testing.T) {
	dir := t.TempDir()
	s := New(Options{Dir: dir})
	id := NewID()
	s.Add(id, redact.Seal(failure("kept", "fp", time.Now()), nil))
	os.WriteFile(filepath.Join(dir, "0000000000000000.json"), []byte("{not json"), 0o600)
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o600)
	var errs []error
	again := New(Options{Dir: dir, OnError: func(err error) { errs = append(errs, err) }})
	if e := again.List(); len(e) != 1 || e[0].ID != id {
		t.Fatalf("list: %+v", e)
	}
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "0000000000000000.json") {
		t.Errorf("errors: %v", errs)
	}
	if err := again.Clear(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "notes.txt")); err != nil {
		t.Errorf("Clear removed a file that is not a report: %v", err)
	}
}

func TestFollowUpToACrashReport(t *testing.T) {
	dir := t.TempDir()
	crashes := filepath.Join(dir, "crashes")
	os.MkdirAll(crashes, 0o755)
	rep := failure("fatal error: concurrent map writes", "crash", time.Now())
	rep.Error.Kind = report.KindCrash
	data, _ := json.Marshal(rep)
	os.WriteFile(filepath.Join(crashes, "20261201T000742Z-3.json"), data, 0o644)

	s := New(Options{Dir: filepath.Join(dir, "history"), CrashDir: crashes})
	const id = "crash-20261201T000742Z-3"
	if err := s.AppendFollowUp(id, FollowUp{Question: "which map?"}); err != nil {
		t.Fatal(err)
	}
	again := New(Options{Dir: filepath.Join(dir, "history"), CrashDir: crashes})
	e := again.List()
	if len(e) != 1 || e[0].ID != id || e[0].Kind != report.KindCrash {
		t.Fatalf("list: %+v", e)
	}
	if fus := again.FollowUps(id); len(fus) != 1 || fus[0].Question != "which map?" {
		t.Errorf("follow-ups: %+v", fus)
	}
}

func TestValidID(t *testing.T) {
	for id, want := range map[string]bool{
		"0123456789abcdef":         true,
		"crash-20261201T000742Z-1": true,
		"":                         false,
		"..":                       false,
		"-x":                       false,
		"a/b":                      false,
		"a.json":                   false,
		strings.Repeat("a", 65):    false,
	} {
		if got := ValidID(id); got != want {
			t.Errorf("ValidID(%q) = %v", id, got)
		}
	}
	for id, want := range map[string]bool{
		"crash-20261201T000742Z-1":  true,
		"crash-20261201T000742Z-":   false,
		"crash-2026120xT000742Z-1":  false,
		"crash-20261201T000742Z1-1": false,
	} {
		if got := isCrashID(id); got != want {
			t.Errorf("isCrashID(%q) = %v", id, got)
		}
	}
}

// TestRefusedReportsHaveTheirOwnBound: reports of refused clients are kept
// within MaxRefused, give way before the developer's own reports, and keep
// their mark across a restart.
func TestRefusedReportsHaveTheirOwnBound(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	s := New(Options{Dir: dir, MaxReports: 4, MaxRefused: 2})
	own := []string{NewID(), NewID(), NewID()}
	for i, id := range own {
		s.Add(id, redact.Seal(failure("mine", "own"+string(rune('a'+i)), now.Add(time.Duration(i)*time.Second)), nil))
	}
	var refused []string
	for i := range 10 {
		id := NewID()
		refused = append(refused, id)
		s.AddRefused(id, redact.Seal(failure("theirs", "theirs", now.Add(time.Duration(10+i)*time.Second)), nil))
	}
	for _, id := range own {
		if _, ok := s.Get(id); !ok {
			t.Errorf("the developer's report %s was pushed out by refused clients' reports", id)
		}
	}
	kept := 0
	for _, id := range refused {
		if _, ok := s.Get(id); ok {
			kept++
		}
	}
	// Four in all: the three own reports leave room for one refused.
	if kept != 1 {
		t.Errorf("%d refused reports kept, want 1", kept)
	}
	if _, ok := s.Get(refused[len(refused)-1]); !ok {
		t.Error("the latest refused report was not the one kept")
	}
	// A fourth own report pushes out the refused one, not an own one.
	fourth := NewID()
	s.Add(fourth, redact.Seal(failure("mine", "ownd", now.Add(30*time.Second)), nil))
	for _, id := range append(own, fourth) {
		if _, ok := s.Get(id); !ok {
			t.Errorf("own report %s was dropped while a refused one was kept", id)
		}
	}
	restarted := New(Options{Dir: dir, MaxReports: 10, MaxRefused: 2})
	restarted.AddRefused(NewID(), redact.Seal(failure("theirs", "theirs", now.Add(40*time.Second)), nil))
	for _, e := range restarted.List() {
		if e.Refused != (e.Message == "theirs") {
			t.Errorf("entry %q refused=%v after a restart", e.Message, e.Refused)
		}
	}
}
