package app

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
)

func newTestStore(t *testing.T) *Store {
	t.Helper()
	db, err := OpenDB(filepath.Join(t.TempDir(), "blog.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return NewStore(db)
}

func TestMailerSubscribes(t *testing.T) {
	store := newTestStore(t)
	cfg := DefaultMailerConfig()
	var gotKey string
	cfg.Deliver = func(_ context.Context, m Message, apiKey string) error {
		gotKey = apiKey
		return nil
	}
	m := NewMailer(cfg, store, slog.New(slog.NewTextHandler(io.Discard, nil)))
	ctx := context.Background()
	if err := m.Subscribe(ctx, "Reader <reader@example.com>"); err != nil {
		t.Fatal(err)
	}
	// Subscribing twice is not an error.
	if err := m.Subscribe(ctx, "reader@example.com"); err != nil {
		t.Fatal(err)
	}
	if gotKey != mailAPIKey {
		t.Error("delivery did not get the configured API key")
	}
	out := m.Outbox()
	if len(out) != 2 || out[0].To != "reader@example.com" {
		t.Errorf("outbox %+v", out)
	}
	var n int
	if err := store.db.QueryRow(`SELECT count(*) FROM subscribers WHERE email = 'reader@example.com'`).Scan(&n); err != nil || n != 1 {
		t.Errorf("%d subscribers stored (%v), want 1", n, err)
	}
	if err := m.Subscribe(ctx, "not an address"); err == nil || !strings.Contains(err.Error(), `subscribe "not an address"`) {
		t.Errorf("bad address: %v", err)
	}
}

func TestArchiveHostHidesThePassword(t *testing.T) {
	host := archiveHost(newsletterDSN)
	if host != "mail-db.internal:5432" {
		t.Errorf("archiveHost = %q", host)
	}
}
