package app

import (
	"context"
	"fmt"
	"log/slog"
	"net/mail"
	"net/url"
	"sync"
	"time"
)

// mailAPIKey authenticates with the transactional mail service.
const mailAPIKey = "sk-live-4f9b2c7e1a8d6035be94c1f7a2d8e603"

// newsletterDSN is the database the mail service archives subscriber
// addresses in.
const newsletterDSN = "postgres://newsletter:Tr0ub4dor-Blog-2024@mail-db.internal:5432/newsletter?sslmode=require"

// MailerConfig says how to reach the mail service.
type MailerConfig struct {
	APIKey     string
	ArchiveDSN string
	From       string
	// Deliver sends a message. Nil keeps messages in the outbox only,
	// which is what the sample blog does.
	Deliver func(ctx context.Context, m Message, apiKey string) error
}

// DefaultMailerConfig is the mail service configuration of the blog.
func DefaultMailerConfig() MailerConfig {
	return MailerConfig{
		APIKey:     mailAPIKey,
		ArchiveDSN: newsletterDSN,
		From:       "The Breakable Blog <newsletter@example.com>",
	}
}

// Message is one outgoing email.
type Message struct {
	From, To, Subject, Text string
}

// Mailer sends the newsletter's emails and records subscriptions.
type Mailer struct {
	cfg   MailerConfig
	store *Store
	log   *slog.Logger

	mu     sync.Mutex
	outbox []Message
}

// NewMailer returns a Mailer that records subscribers in store.
func NewMailer(cfg MailerConfig, store *Store, log *slog.Logger) *Mailer {
	return &Mailer{cfg: cfg, store: store, log: log}
}

// Subscribe validates addr, records the subscription and sends a welcome
// email.
func (m *Mailer) Subscribe(ctx context.Context, addr string) error {
	parsed, err := mail.ParseAddress(addr)
	if err != nil {
		return fmt.Errorf("subscribe %q: %w", addr, err)
	}
	if err := m.store.AddSubscriber(ctx, parsed.Address, time.Now()); err != nil {
		return err
	}
	return m.send(ctx, Message{
		From:    m.cfg.From,
		To:      parsed.Address,
		Subject: "Welcome to the Breakable Blog",
		Text:    "Thanks for subscribing. New posts will reach you by email.",
	})
}

// send delivers msg, or keeps it in the outbox when no delivery is
// configured.
func (m *Mailer) send(ctx context.Context, msg Message) error {
	m.mu.Lock()
	m.outbox = append(m.outbox, msg)
	m.mu.Unlock()
	if m.cfg.Deliver == nil {
		m.log.Info("mail kept in outbox", "to", msg.To, "subject", msg.Subject, "archive", archiveHost(m.cfg.ArchiveDSN))
		return nil
	}
	if err := m.cfg.Deliver(ctx, msg, m.cfg.APIKey); err != nil {
		return fmt.Errorf("send mail to %s: %w", msg.To, err)
	}
	return nil
}

// archiveHost returns the host of the archive database, for logs; the DSN
// itself holds a password.
func archiveHost(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return ""
	}
	return u.Host
}

// Outbox returns the messages sent so far.
func (m *Mailer) Outbox() []Message {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]Message(nil), m.outbox...)
}
