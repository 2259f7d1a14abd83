// Command blogapp runs the Breakable Blog, a small blog whose fixtures fail
// on purpose, wrapped in explainerr: open http://127.0.0.1:8000 and pick a
// failure from the home page.
//
// Usage:
//
//	go run ./blogapp [-addr 127.0.0.1:8000] [-db FILE]
//	go run -tags openai ./blogapp   # with the model client, for OPENAI_API_KEY or OPENAI_BASE_URL
//
// Without -db the blog lives in memory and is seeded afresh on every start.
// explainerr reads its settings from the environment (OPENAI_API_KEY,
// OPENAI_BASE_URL, EXPLAINERR_MODEL, EXPLAINERR_PROVIDER,
// EXPLAINERR_CONTEXT, EXPLAINERR_INDEX); with none set, explanations come
// from the offline analyzer, with the app's source from the index when one
// has been built and from the app's own files otherwise.
//
// The blog links retrieval, one of explainerr's two optional pieces, with a
// blank import (used once "go run ./cmd/explainerr index ./..." has built
// the index, or with EXPLAINERR_CONTEXT=rag). The other, the model client,
// is linked only with the build tag openai (modelclient_openai.go): it is
// the largest package the blog would compile, and the offline analyzer
// needs none of it. Without the tag, a model setting in the environment
// gets a warning that names the command to run instead.
package main

import (
	_ "embed"
	"flag"
	"fmt"
	"log"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/explainerr/explainerr/blogapp/app"
	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/explainerr"
	_ "github.com/explainerr/explainerr/index/rag"
	"github.com/explainerr/explainerr/internal/modeladvice"
)

// modelClientCommand runs the blog with the model client linked.
const modelClientCommand = "go run -tags openai ./blogapp"

// fixturesJSON is the fixtures file, listed on the home page.
//
//go:embed fixtures.json
var fixturesJSON []byte

func main() {
	addr := flag.String("addr", "127.0.0.1:8000", "address to listen on")
	dbPath := flag.String("db", "", "SQLite database file, created and seeded when empty (default: in memory)")
	flag.Parse()

	handler, err := newHandler(*dbPath)
	if err != nil {
		log.Fatal(err)
	}
	slog.Info("the Breakable Blog is listening", "url", "http://"+*addr+"/")
	srv := &http.Server{Addr: *addr, Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	if err := srv.ListenAndServe(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// newHandler opens the database at dbPath ("" for memory) and returns the
// blog wrapped in explainerr, configured from the environment, with the
// fixtures listed on its home page.
func newHandler(dbPath string, opts ...explainerr.Option) (http.Handler, error) {
	fixtures, err := fixture.Parse(fixturesJSON)
	if err != nil {
		return nil, fmt.Errorf("embedded fixtures.json: %w", err)
	}
	if advice := modeladvice.Advice(os.Getenv, "blogapp", modelClientCommand); advice != "" {
		slog.Warn(advice)
	}
	db, err := app.OpenDB(dbPath)
	if err != nil {
		return nil, err
	}
	ex, err := explainerr.New(opts...)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("explainerr: %w", err)
	}
	return app.NewWithExplainer(db, ex, app.WithFixtures(fixtures.Fixtures)), nil
}
