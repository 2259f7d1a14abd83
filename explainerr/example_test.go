package explainerr_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"time"

	"github.com/explainerr/explainerr/explainerr"
	_ "github.com/explainerr/explainerr/explainerr/provider/openai" // the model client, for ExampleWithPrices
)

// quiet are the options every example starts from, so that its output does
// not depend on the environment: the offline analysis whatever
// OPENAI_API_KEY says, the app's source read from its files rather than an
// index, and no log record on standard error.
var quiet = []explainerr.Option{
	explainerr.WithProviderName("offline"),
	explainerr.WithContext(explainerr.ContextStatic),
	explainerr.WithLogger(slog.New(slog.DiscardHandler)),
}

// newExample returns an Explainer made with quiet and then opts, or stops
// the example.
func newExample(opts ...explainerr.Option) *explainerr.Explainer {
	ex, err := explainerr.New(append(append([]explainerr.Option{}, quiet...), opts...)...)
	if err != nil {
		log.Fatal(err)
	}
	return ex
}

// visit sends a GET request for url with the given Accept header (none
// when empty) and returns the response with its whole body.
func visit(url, accept string) (*http.Response, string) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		log.Fatal(err)
	}
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		log.Fatal(err)
	}
	return resp, string(body)
}

// askReport asks for url's failure report as JSON.
func askReport(url string) explainerr.Report {
	_, body := visit(url, "application/json")
	var rep explainerr.Report
	if err := json.Unmarshal([]byte(body), &rep); err != nil {
		log.Fatalf("not a JSON report: %v", err)
	}
	return rep
}

// countVisit panics: it writes to a map that was never made.
func countVisit(w http.ResponseWriter, r *http.Request) {
	var visits map[string]int
	visits[r.URL.Path]++
}

// Wrap the app's router with the middleware. A failing request from this
// machine gets a report; curl, which asks for no format, gets it as
// Markdown, the explanation first.
func Example() {
	ex, err := explainerr.New(
		explainerr.WithProviderName("offline"),               // no model, whatever OPENAI_API_KEY says
		explainerr.WithLogger(slog.New(slog.DiscardHandler)), // no log record on standard error
	)
	if err != nil {
		log.Fatal(err)
	}
	defer ex.Close()

	mux := http.NewServeMux()
	mux.HandleFunc("GET /posts/{id}", countVisit)
	srv := httptest.NewServer(ex.Middleware(mux))
	defer srv.Close()

	resp, body := visit(srv.URL+"/posts/1", "")
	fmt.Println(resp.Status)
	fmt.Println(resp.Header.Get("Content-Type"))
	for _, line := range strings.Split(body, "\n") {
		if strings.HasPrefix(line, "#") {
			fmt.Println(line) // the title and the first section
		}
		if strings.HasPrefix(line, "## ") {
			break
		}
	}
	// Output:
	// 500 Internal Server Error
	// text/markdown; charset=utf-8
	// # `assignment to entry in nil map`
	// ## Explanation
}

// A script asks for the report as JSON: the failure, where it happened in
// the app's own code, and the explanation.
func ExampleExplainer_Middleware() {
	ex := newExample()
	defer ex.Close()
	srv := httptest.NewServer(ex.Middleware(http.HandlerFunc(countVisit)))
	defer srv.Close()

	rep := askReport(srv.URL + "/posts/1")
	fmt.Println(rep.Status, rep.Error.Kind, rep.Error.Message)
	fmt.Println(rep.InnermostApp().Function)
	fmt.Println("explained by:", rep.Explanation.Provider)
	// Output:
	// 500 panic assignment to entry in nil map
	// github.com/explainerr/explainerr/explainerr_test.countVisit
	// explained by: offline
}

var errNoPost = errors.New("no such post")

// A HandlerFunc reports failure by returning an error. Under the
// middleware the error becomes a report that names the handler; anywhere
// else the client gets a plain 500 that says nothing about it.
func ExampleHandlerFunc() {
	showPost := explainerr.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		id := r.PathValue("id")
		return fmt.Errorf("loading post %s: %w", id, errNoPost)
	})
	mux := http.NewServeMux()
	mux.Handle("GET /posts/{id}", showPost)

	ex := newExample()
	defer ex.Close()
	srv := httptest.NewServer(ex.Middleware(mux))
	defer srv.Close()
	rep := askReport(srv.URL + "/posts/7")
	fmt.Println(rep.Status, rep.Error.Kind, rep.Error.Message)
	fmt.Println("wraps:", strings.Join(rep.Error.Chain, "; "))
	fmt.Println(rep.InnermostApp().Function)

	bare := httptest.NewServer(mux) // no middleware
	defer bare.Close()
	resp, body := visit(bare.URL+"/posts/7", "")
	fmt.Printf("without the middleware: %s %q\n", resp.Status, body)
	// Output:
	// 500 error loading post 7: no such post
	// wraps: no such post
	// github.com/explainerr/explainerr/explainerr_test.ExampleHandlerFunc.func1
	// without the middleware: 500 Internal Server Error "Internal Server Error\n"
}

// Options override the environment. Here: the offline analysis, the app's
// source read from its files (no index), and a longer time for each
// explanation.
func ExampleNew() {
	ex, err := explainerr.New(
		explainerr.WithProviderName("offline"),
		explainerr.WithContext(explainerr.ContextStatic),
		explainerr.WithTimeout(30*time.Second),
	)
	if err != nil {
		log.Fatal(err)
	}
	defer ex.Close()
	fmt.Println(ex.Provider().Name(), ex.Context(), ex.RAG())

	// A setting that cannot work makes New fail, and says why.
	_, err = explainerr.New(explainerr.WithTrustedProxies("10.0.0.0/33"))
	fmt.Println(err != nil)
	// Output:
	// offline static false
	// true
}

// Reports go to the developer only: a client on this machine that names
// this machine. A name the developer's browser uses for it must be
// allowed; any other Host gets the app's own response, here a plain 500.
func ExampleWithAllowedHosts() {
	ex := newExample(explainerr.WithAllowedHosts("myapp.test"))
	defer ex.Close()
	srv := httptest.NewServer(ex.Middleware(http.HandlerFunc(countVisit)))
	defer srv.Close()

	for _, host := range []string{"myapp.test", "attacker.example"} {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+"/posts/1", nil)
		req.Host = host // as DNS pointing the name at 127.0.0.1 would send it
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			log.Fatal(err)
		}
		resp.Body.Close()
		fmt.Println(host, resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	// Output:
	// myapp.test 500 text/markdown; charset=utf-8
	// attacker.example 500 text/plain; charset=utf-8
}

// Every failure is logged as one structured record, whoever asked.
func ExampleWithLogger() {
	keep := map[string]bool{slog.MessageKey: true, "kind": true, "method": true, "url": true, "status": true, "provider": true}
	logger := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if !keep[a.Key] {
				return slog.Attr{} // left out of this example's output
			}
			return a
		},
	}))
	ex := newExample(explainerr.WithLogger(logger))
	defer ex.Close()
	srv := httptest.NewServer(ex.Middleware(http.HandlerFunc(countVisit)))
	defer srv.Close()

	visit(srv.URL+"/posts/1?ref=home", "application/json")
	// Output:
	// msg="explainerr: request failed" kind=panic method=GET url="/posts/1?ref=home" status=500 provider=offline
}

// The failure history lists the failures the developer has seen, newest
// first, at /_explainerr/ (HTML for a browser, JSON, or text for curl).
// WithStateDir keeps it on disk across restarts; WithHistoryRetention
// bounds it.
func ExampleWithStateDir() {
	dir, err := os.MkdirTemp("", "explainerr-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	ex := newExample(explainerr.WithStateDir(dir), explainerr.WithHistoryRetention(100, 24*time.Hour))
	defer ex.Close()
	mux := http.NewServeMux()
	mux.HandleFunc("GET /posts/{id}", countVisit)
	mux.Handle("GET /feed", explainerr.HandlerFunc(func(w http.ResponseWriter, r *http.Request) error {
		return errors.New("the feed is empty")
	}))
	srv := httptest.NewServer(ex.Middleware(mux))
	defer srv.Close()

	visit(srv.URL+"/posts/1", "")
	visit(srv.URL+"/posts/2", "") // the same failure: counted, not listed again
	visit(srv.URL+"/feed", "")

	_, body := visit(srv.URL+"/_explainerr/", "application/json")
	var history struct {
		Failures []struct {
			Method, Path, Route, Kind, Message string
			Count                              int
		}
	}
	if err := json.Unmarshal([]byte(body), &history); err != nil {
		log.Fatal(err)
	}
	for _, f := range history.Failures {
		fmt.Printf("%s %s (%s) %s ×%d: %s\n", f.Method, f.Path, f.Route, f.Kind, f.Count, f.Message)
	}
	kept, _ := os.ReadDir(dir + "/history")
	fmt.Println("kept on disk:", len(kept) > 0)
	// Output:
	// GET /feed (GET /feed) error ×1: the feed is empty
	// GET /posts/2 (GET /posts/{id}) panic ×2: assignment to entry in nil map
	// kept on disk: true
}

// The panic machinery's own frames are hidden unless asked for.
func ExampleWithRuntimeFrames() {
	ex := newExample(explainerr.WithRuntimeFrames(true))
	defer ex.Close()
	srv := httptest.NewServer(ex.Middleware(http.HandlerFunc(countVisit)))
	defer srv.Close()

	rep := askReport(srv.URL + "/posts/1")
	fmt.Println(rep.Frames[0].Kind, rep.Frames[0].Function)
	fmt.Println(rep.InnermostApp().Function)
	// Output:
	// runtime runtime.gopanic
	// github.com/explainerr/explainerr/explainerr_test.countVisit
}

// A model can be asked to explain in another language; the prompt says
// so. The report shows the prompt exactly as it was, or would be, sent.
func ExampleWithLanguage() {
	ex := newExample(explainerr.WithLanguage("German"))
	defer ex.Close()
	srv := httptest.NewServer(ex.Middleware(http.HandlerFunc(countVisit)))
	defer srv.Close()

	rep := askReport(srv.URL + "/posts/1")
	system := strings.Split(rep.Prompt.System, "\n")
	fmt.Println(system[len(system)-1])
	// Output:
	// Answer in German, but keep identifiers, code, file names and trace lines exactly as they are, in English.
}

// A model served on this machine (Ollama, llama.cpp, vLLM) has no cost
// estimate unless its price is configured: the built-in list prices are
// for hosted services only.
func ExampleWithPrices() {
	// A stand-in for a local OpenAI-compatible server.
	model := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"id": "1", "object": "chat.completion", "created": 0, "model": "llama3.2",
			"choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "`+"`visits`"+` is a nil map."}}],
			"usage": {"prompt_tokens": 1000, "completion_tokens": 100, "total_tokens": 1100}}`)
	}))
	defer model.Close()

	for _, prices := range []map[string]explainerr.Price{
		nil,
		{"llama3.2": {InputPerMTok: 0.50, OutputPerMTok: 1.50}},
	} {
		ex := newExample(
			explainerr.WithProviderName("openai"),
			explainerr.WithBaseURL(model.URL+"/v1"),
			explainerr.WithModel("llama3.2"),
			explainerr.WithPrices(prices),
		)
		srv := httptest.NewServer(ex.Middleware(http.HandlerFunc(countVisit)))
		e := askReport(srv.URL + "/posts/1").Explanation
		fmt.Printf("%s: %s (%d + %d tokens, $%.5f)\n", e.Model, e.Text, e.Usage.PromptTokens, e.Usage.CompletionTokens, e.CostUSD)
		srv.Close()
		ex.Close()
	}
	// Output:
	// llama3.2: `visits` is a nil map. (1000 + 100 tokens, $0.00000)
	// llama3.2: `visits` is a nil map. (1000 + 100 tokens, $0.00065)
}
