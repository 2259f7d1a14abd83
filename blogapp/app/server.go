package app

import (
	"database/sql"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/explainerr"
)

// Server is the blog: its routes, store and mailer.
type Server struct {
	store    *Store
	mailer   *Mailer
	log      *slog.Logger
	fixtures []fixture.Fixture
	mw       []func(http.Handler) http.Handler
	mailCfg  MailerConfig
}

// Option configures the blog.
type Option func(*Server)

// WithFixtures lists the fixtures on the home page.
func WithFixtures(fixtures []fixture.Fixture) Option {
	return func(s *Server) { s.fixtures = fixtures }
}

// WithMiddleware installs middleware on the router, outermost first, before
// any route, so that it sees the chi route pattern.
func WithMiddleware(mw ...func(http.Handler) http.Handler) Option {
	return func(s *Server) { s.mw = append(s.mw, mw...) }
}

// WithExplainer installs ex's middleware on the router.
func WithExplainer(ex *explainerr.Explainer) Option {
	return WithMiddleware(ex.Middleware)
}

// WithLogger sets the logger (default slog.Default()).
func WithLogger(l *slog.Logger) Option {
	return func(s *Server) { s.log = l }
}

// WithMailerConfig replaces the mail service configuration.
func WithMailerConfig(cfg MailerConfig) Option {
	return func(s *Server) { s.mailCfg = cfg }
}

// New returns the blog's handler over db, a database opened by OpenDB.
func New(db *sql.DB, opts ...Option) http.Handler {
	s := &Server{store: NewStore(db), log: slog.Default(), mailCfg: DefaultMailerConfig()}
	for _, opt := range opts {
		opt(s)
	}
	s.mailer = NewMailer(s.mailCfg, s.store, s.log)
	return s.routes()
}

// NewWithExplainer returns the blog's handler with ex's middleware
// installed on the router: every failing request gets explained.
func NewWithExplainer(db *sql.DB, ex *explainerr.Explainer, opts ...Option) http.Handler {
	return New(db, append([]Option{WithExplainer(ex)}, opts...)...)
}

// routes builds the router.
func (s *Server) routes() http.Handler {
	r := chi.NewRouter()
	r.Use(s.mw...)
	r.NotFound(s.handleNotFound())

	r.Method(http.MethodGet, "/", s.handleHome())
	r.Get("/about", s.handleAbout())
	r.Get("/stats", s.handleStats())
	r.Get("/archive", s.handleArchive())
	r.Get("/search", s.handleSearch())
	r.Get("/featured", s.handleFeatured())
	r.Method(http.MethodGet, "/feed.xml", s.handleFeed())
	r.Method(http.MethodPost, "/subscribe", s.handleSubscribe())

	r.Method(http.MethodGet, "/posts/{slug}", s.handlePost())
	r.Get("/posts/{slug}/next", s.handleNextPost())
	r.Post("/posts/{slug}/comments", s.handleCreateComment())
	r.Method(http.MethodGet, "/posts/{slug}/comments/{commentID}", s.handleComment())

	r.Get("/authors", s.handleAuthors())
	r.Get("/authors/{slug}", s.handleAuthor())
	r.Get("/tags", s.handleTags())
	r.Get("/tags/{slug}", s.handleTag())
	return r
}

// handleNotFound answers unknown URLs with the 404 page.
func (s *Server) handleNotFound() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s.render(w, http.StatusNotFound, "notfound.html", pageData{"Title": "Not found", "Path": r.URL.Path})
	}
}
