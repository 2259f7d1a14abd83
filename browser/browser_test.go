package browser_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/explainerr/explainerr/blogapp/app"
	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/internal/fakeopenai"
)

// defaultChromium is where Debian's chromium package installs the browser.
const defaultChromium = "/usr/bin/chromium"

// chromiumPath returns the browser to drive. A missing browser fails the
// test under CI (CI set, as CI=true) and skips it elsewhere, saying how to install it.
func chromiumPath(t *testing.T) string {
	t.Helper()
	path := defaultChromium
	if p := os.Getenv("CHROMIUM_PATH"); p != "" {
		path = p
	}
	if _, err := os.Stat(path); err != nil {
		msg := fmt.Sprintf("Chromium is needed for the browser tests and was not found at %s (%v): install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH", path, err)
		if ci := strings.ToLower(os.Getenv("CI")); ci != "" && ci != "false" && ci != "0" {
			t.Fatal(msg)
		}
		t.Skip(msg + "; skipped because CI is not set")
	}
	return path
}

// startBrowser launches a headless Chromium with a fresh profile and
// returns a context for its first tab; the browser stops at the end of the
// test.
func startBrowser(t *testing.T) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromiumPath(t)),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1280, 1000),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(allocCtx)
	t.Cleanup(func() { cancel(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	return ctx
}

// newTab opens a tab in the browser of parent, closed at the end of the
// test, with every action bounded by timeout.
func newTab(t *testing.T, parent context.Context, timeout time.Duration) context.Context {
	t.Helper()
	tab, cancel := chromedp.NewContext(parent)
	if err := chromedp.Do(tab); err != nil {
		cancel()
		t.Fatalf("opening a tab: %v", err)
	}
	ctx, cancelTimeout := context.WithTimeout(tab, timeout)
	t.Cleanup(func() { cancelTimeout(); cancel() })
	return ctx
}

// site is a web app wrapped in explainerr, explained by a fake model.
type site struct {
	srv  *httptest.Server
	fake *fakeopenai.Server
}

// newExplainer returns an Explainer that asks fake, whatever the
// environment says.
func newExplainer(t *testing.T, fake *fakeopenai.Server, opts ...explainerr.Option) *explainerr.Explainer {
	t.Helper()
	ex, err := explainerr.New(append([]explainerr.Option{
		explainerr.WithProviderName("openai"),
		explainerr.WithBaseURL(fake.URL),
		explainerr.WithAPIKey("k"),
		explainerr.WithModel("scripted-fake-model"),
		explainerr.WithTimeout(20 * time.Second),
		explainerr.WithRAG(false),
		explainerr.WithLogger(slog.New(slog.DiscardHandler)),
		// This test module is not the blog's module: the blog plays the
		// app, as its own module would make it by default.
		explainerr.WithAppModules("github.com/explainerr/explainerr/blogapp", "github.com/explainerr/explainerr/browser"),
	}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ex.Close() })
	return ex
}

// startSite serves handler(ex) where ex is explained by a fake model that
// gives answer to every call. The fake closes first at the end of the test,
// so that no page waits on it.
func startSite(t *testing.T, answer fakeopenai.Answer, handler func(*explainerr.Explainer) http.Handler) *site {
	t.Helper()
	fake := fakeopenai.New()
	fake.Handle(func(fakeopenai.Request) fakeopenai.Answer { return answer })
	srv := httptest.NewServer(handler(newExplainer(t, fake)))
	t.Cleanup(srv.Close)
	t.Cleanup(fake.Close)
	return &site{srv: srv, fake: fake}
}

// startBlog serves the Breakable Blog wrapped in explainerr.
func startBlog(t *testing.T, answer fakeopenai.Answer) *site {
	t.Helper()
	db, err := app.OpenDB("")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return startSite(t, answer, func(ex *explainerr.Explainer) http.Handler {
		return blogHandler(db, ex)
	})
}

func blogHandler(db *sql.DB, ex *explainerr.Explainer) http.Handler {
	return app.NewWithExplainer(db, ex, app.WithLogger(slog.New(slog.DiscardHandler)))
}

// saveScreenshot writes a full-page PNG of the tab to $EXPLAINERR_ARTIFACTS,
// or to the test's temporary directory, and returns its path.
func saveScreenshot(t *testing.T, ctx context.Context, name string) string {
	t.Helper()
	dir := os.Getenv("EXPLAINERR_ARTIFACTS")
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatalf("artifacts directory: %v", err)
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	if len(png) < 1000 {
		t.Fatalf("screenshot of %d bytes", len(png))
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)
	return path
}

// dialogWatch records every JavaScript dialog (alert, confirm, prompt) a
// tab opens, and dismisses it so that the page does not hang.
type dialogWatch struct {
	mu       sync.Mutex
	messages []string
}

func watchDialogs(ctx context.Context) *dialogWatch {
	w := &dialogWatch{}
	dialogs := chromedp.Events(ctx, page.JavascriptDialogOpening)
	go func() {
		for ev, err := range dialogs {
			if err != nil {
				return
			}
			w.mu.Lock()
			w.messages = append(w.messages, ev.Type.String()+": "+ev.Message)
			w.mu.Unlock()
			_, _ = chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: false})
		}
	}()
	return w
}

func (w *dialogWatch) opened() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]string(nil), w.messages...)
}

// streamState is what the page shows at one moment while it loads.
type streamState struct {
	TraceVisible bool   `json:"traceVisible"`
	AppFrames    int    `json:"appFrames"`
	Streamed     string `json:"streamed"`
	Final        bool   `json:"final"`
	Rendered     string `json:"rendered"`
	Ready        string `json:"ready"`
}

const readStreamState = `(() => {
	const trace = document.querySelector('#trace');
	let visible = false;
	if (trace) {
		const box = trace.getBoundingClientRect(), style = getComputedStyle(trace);
		visible = box.height > 0 && box.width > 0 && style.display !== 'none' && style.visibility !== 'hidden';
	}
	const stream = document.querySelector('.stream-text');
	const final = document.querySelector('.final');
	const md = final && final.querySelector('.md');
	return {
		traceVisible: visible,
		appFrames: document.querySelectorAll('#trace .frame.app').length,
		streamed: stream ? stream.textContent : '',
		final: !!final,
		rendered: md ? md.textContent : '',
		ready: document.readyState,
	};
})()`

// blogAnswer is the fake model's Markdown answer about GET /stats.
const blogAnswer = "## What went wrong\n\n" +
	"`handleStats` increments a counter in a **nil map**: the map was declared but never made.\n\n" +
	"## How to fix it\n\n" +
	"Make the map before the loop:\n\n" +
	"```go\ncounts := make(map[string]int)\n```\n\n" +
	"Then the increment works."

// TestErrorPageInChromium opens a failing blog page in Chromium and checks
// what a developer sees: the trace at once, the explanation streaming in
// and then rendered, library frames that expand, and a copy button that
// copies.
func TestErrorPageInChromium(t *testing.T) {
	browserCtx := startBrowser(t)
	const pieces, pieceDelay = 6, 350 * time.Millisecond
	blog := startBlog(t, fakeopenai.Reply(blogAnswer).WithPieces(pieces, pieceDelay))
	tab := newTab(t, browserCtx, 30*time.Second)
	pageURL := blog.srv.URL + "/stats"

	t.Run("trace first, explanation streams in", func(t *testing.T) {
		// Page.navigate returns once the response starts; the page is
		// then polled while the model is still answering.
		if res, err := chromedp.Call(tab, page.Navigate, page.NavigateParams{URL: pageURL}); err != nil || res.ErrorText != "" {
			t.Fatalf("navigating to %s: %v %s", pageURL, err, res.ErrorText)
		}
		var states []streamState
		var traceEarly, partial bool
		var last streamState
		deadline := time.Now().Add(20 * time.Second)
		for time.Now().Before(deadline) {
			st, err := chromedp.Run(tab, chromedp.Evaluate[streamState](readStreamState))
			if err != nil {
				time.Sleep(20 * time.Millisecond) // the new document may not exist yet
				continue
			}
			if len(states) == 0 || st != states[len(states)-1] {
				states = append(states, st)
			}
			last = st
			if st.TraceVisible && st.AppFrames > 0 && !st.Final {
				traceEarly = true
			}
			if !st.Final && st.Streamed != "" && len(st.Streamed) < len(blogAnswer) {
				partial = true
			}
			if st.Final && st.Ready == "complete" {
				break
			}
			time.Sleep(40 * time.Millisecond)
		}
		if !last.Final {
			t.Fatalf("the explanation never completed; states seen: %+v", states)
		}
		if !traceEarly {
			t.Errorf("the trace was never visible before the explanation completed; states seen: %+v", states)
		}
		if !partial {
			t.Errorf("no part of the explanation was seen while it streamed; states seen: %+v", states)
		}
		if last.Streamed != "" && !strings.HasPrefix(blogAnswer, last.Streamed) {
			t.Errorf("the streamed text %q is not a prefix of the answer", last.Streamed)
		}
		t.Logf("%d distinct states while loading", len(states))

		rendered, err := chromedp.Run(tab, chromedp.Evaluate[map[string]any](`(() => {
			const md = document.querySelector('.final .md');
			const stream = document.querySelector('.stream');
			return {
				h2: [...md.querySelectorAll('h2')].map(h => h.textContent),
				strong: [...md.querySelectorAll('strong')].map(s => s.textContent),
				code: [...md.querySelectorAll('pre code')].map(c => c.textContent),
				provider: document.querySelector('.final .provider').textContent,
				streamShown: !!stream && getComputedStyle(stream).display !== 'none',
				errorShown: !!document.querySelector('.final .ex-error'),
			};
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]string{
			"h2":       "[What went wrong How to fix it]",
			"strong":   "[nil map]",
			"code":     "[counts := make(map[string]int)\n]",
			"provider": "Explained by scripted-fake-model",
		}
		for k, v := range want {
			if got := fmt.Sprint(rendered[k]); !strings.Contains(got, v) {
				t.Errorf("rendered explanation: %s = %q, want %q", k, got, v)
			}
		}
		if rendered["streamShown"] != false || rendered["errorShown"] != false {
			t.Errorf("after completion the raw stream is shown (%v) or an error is shown (%v)", rendered["streamShown"], rendered["errorShown"])
		}
		reqs := blog.fake.Requests()
		if len(reqs) != 1 || !reqs[0].Stream || reqs[0].Model != "scripted-fake-model" {
			t.Errorf("the model got %d calls (stream %v), want one streamed call", len(reqs), len(reqs) > 0 && reqs[0].Stream)
		}
		saveScreenshot(t, tab, "blog-stats-error-page.png")
	})

	t.Run("library frames expand", func(t *testing.T) {
		const state = `(() => {
			const d = document.querySelector('#trace details.frame.lib');
			if (!d) return {count: 0, open: false, visible: false, frames: 0};
			const list = d.querySelector('ol.libframes');
			return {count: document.querySelectorAll('#trace details.frame.lib').length, open: d.open,
				visible: list.checkVisibility() && list.getBoundingClientRect().height > 0,
				frames: list.querySelectorAll('li').length};
		})()`
		type libState struct {
			Count   int  `json:"count"`
			Open    bool `json:"open"`
			Visible bool `json:"visible"`
			Frames  int  `json:"frames"`
		}
		before, err := chromedp.Run(tab, chromedp.Evaluate[libState](state))
		if err != nil {
			t.Fatal(err)
		}
		if before.Count == 0 || before.Open || before.Visible {
			t.Fatalf("library frames before the click: %+v, want a closed group", before)
		}
		if err := chromedp.Do(tab, chromedp.Click(chromedp.CSS("#trace details.frame.lib > summary"))); err != nil {
			t.Fatalf("clicking the library frames: %v", err)
		}
		after, err := chromedp.Run(tab, chromedp.Evaluate[libState](state))
		if err != nil {
			t.Fatal(err)
		}
		if !after.Open || !after.Visible || after.Frames == 0 {
			t.Errorf("library frames after the click: %+v, want an open group showing its frames", after)
		}
	})

	t.Run("copy button copies the code block", func(t *testing.T) {
		origin := blog.srv.URL
		for _, name := range []string{"clipboard-read", "clipboard-write"} {
			_, err := chromedp.CallBrowser(tab, browser.SetPermission, browser.SetPermissionParams{
				Permission: &browser.PermissionDescriptor{Name: name},
				Setting:    browser.PermissionSettingGranted,
				Origin:     origin,
			})
			if err != nil {
				t.Fatalf("granting %s: %v", name, err)
			}
		}
		const button = ".final .codeblock button.copy"
		label, err := chromedp.Run(tab, chromedp.TextContent(chromedp.CSS(button)))
		if err != nil || label != "Copy" {
			t.Fatalf("copy button label %q (%v), want Copy", label, err)
		}
		if err := chromedp.Do(tab, chromedp.Click(chromedp.CSS(button))); err != nil {
			t.Fatalf("clicking the copy button: %v", err)
		}
		copied, err := chromedp.Run(tab, chromedp.Poll[string](
			`(() => { const b = document.querySelector('`+button+`'); return b.textContent !== 'Copy' && b.textContent; })()`,
			chromedp.WithPollingTimeout(5*time.Second)))
		if err != nil || copied != "Copied" {
			t.Fatalf("the button says %q (%v), want Copied", copied, err)
		}
		clip, err := chromedp.Run(tab, chromedp.Evaluate[string](`navigator.clipboard.readText()`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("reading the clipboard: %v", err)
		}
		if clip != "counts := make(map[string]int)\n" {
			t.Errorf("the clipboard holds %q, want the code block", clip)
		}
	})

	t.Run("Copy as Markdown copies the report with the explanation first", func(t *testing.T) {
		for _, name := range []string{"clipboard-read", "clipboard-write"} {
			_, err := chromedp.CallBrowser(tab, browser.SetPermission, browser.SetPermissionParams{
				Permission: &browser.PermissionDescriptor{Name: name},
				Setting:    browser.PermissionSettingGranted,
				Origin:     blog.srv.URL,
			})
			if err != nil {
				t.Fatalf("granting %s: %v", name, err)
			}
		}
		const button = "button[data-copy-report]"
		if err := chromedp.Do(tab, chromedp.Click(chromedp.CSS(button))); err != nil {
			t.Fatalf("clicking Copy as Markdown: %v", err)
		}
		if _, err := chromedp.Run(tab, chromedp.Poll[bool](
			`document.querySelector('`+button+`').textContent === 'Copied'`,
			chromedp.WithPollingTimeout(5*time.Second))); err != nil {
			t.Fatalf("the button never said Copied: %v", err)
		}
		clip, err := chromedp.Run(tab, chromedp.Evaluate[string](`navigator.clipboard.readText()`, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatalf("reading the clipboard: %v", err)
		}
		explanation, errorSection, trace := strings.Index(clip, "\n## Explanation\n"), strings.Index(clip, "\n## Error\n"), strings.Index(clip, "\n## Stack trace")
		if !strings.HasPrefix(clip, "# `") || explanation < 0 || !(explanation < errorSection && errorSection < trace) {
			t.Fatalf("the copied report does not put the explanation first (at %d, error at %d, trace at %d):\n%s", explanation, errorSection, trace, clip)
		}
		if !strings.Contains(clip[explanation:errorSection], "Then the increment works.") {
			t.Errorf("the copied explanation section lacks the model's answer:\n%s", clip[explanation:errorSection])
		}
		if strings.Count(clip, "## Explanation") != 1 || !strings.HasSuffix(clip, "\n") || strings.HasSuffix(clip, "\n\n") {
			t.Errorf("the copied report has %d explanation sections or ends badly:\n%s", strings.Count(clip, "## Explanation"), clip)
		}
	})

	t.Run("without JavaScript the explanation shows once complete", func(t *testing.T) {
		noJS := newTab(t, browserCtx, 20*time.Second)
		if _, err := chromedp.Call(noJS, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
			t.Fatalf("turning JavaScript off: %v", err)
		}
		if err := chromedp.Do(noJS, chromedp.Navigate(pageURL)); err != nil {
			t.Fatalf("navigating: %v", err)
		}
		type noJSState struct {
			StreamInDOM   bool   `json:"streamInDOM"`
			StreamShown   bool   `json:"streamShown"`
			Explanation   string `json:"explanation"`
			Shown         bool   `json:"shown"`
			Badges        string `json:"badges"`
			CopyButtons   int    `json:"copyButtons"`
			ButtonsHidden bool   `json:"buttonsHidden"`
		}
		st, err := chromedp.Run(noJS, chromedp.Evaluate[noJSState](`(() => {
			const stream = document.querySelector('.stream');
			const md = document.querySelector('.final .md');
			const buttons = [...document.querySelectorAll('button')];
			return {
				streamInDOM: !!stream,
				streamShown: !!stream && stream.checkVisibility(),
				explanation: md ? md.textContent : '',
				shown: !!md && md.checkVisibility() && md.getBoundingClientRect().height > 0,
				badges: document.querySelector('.final .provider').textContent,
				copyButtons: document.querySelectorAll('.codeblock button').length,
				buttonsHidden: buttons.every(b => !b.checkVisibility()),
			};
		})()`))
		if err != nil {
			t.Fatal(err)
		}
		// The script would have removed the stream block: it is still in
		// the document, so no script ran, and CSS alone hides it.
		if !st.StreamInDOM || st.StreamShown {
			t.Errorf("stream block in the document %v, shown %v: want it present and hidden by CSS", st.StreamInDOM, st.StreamShown)
		}
		if !st.Shown || !strings.Contains(st.Explanation, "increments a counter in a nil map") {
			t.Errorf("the explanation is not shown without JavaScript (shown %v): %q", st.Shown, st.Explanation)
		}
		if st.CopyButtons != 0 || !st.ButtonsHidden {
			t.Errorf("copy buttons that cannot work without JavaScript are shown: %+v", st)
		}
		// The same failure again: the cached answer, and no second call.
		if !strings.Contains(st.Badges, "cached") || blog.fake.Calls() != 1 {
			t.Errorf("badges %q after %d model calls, want the cached answer and 1 call", st.Badges, blog.fake.Calls())
		}
	})
}

// xssPanic is the panic message that tries to run script in the page.
const xssPanic = `<script>alert("panic-script")</script><img src=x onerror=alert("panic-img")><svg onload=alert("panic-svg")></svg>"><a href="javascript:alert('panic-link')">x</a>`

// xssAnswer is the model reply that tries to run script in the page.
const xssAnswer = "The fix is below.\n\n" +
	"<script>alert('model-script')</script>\n\n" +
	"<img src=x onerror=alert('model-img')>\n\n" +
	"[click me](javascript:alert('model-link')) and <a href=\"javascript:alert('model-a')\">this</a>\n\n" +
	"<iframe src=\"javascript:alert('model-iframe')\"></iframe><div onmouseover=\"alert('model-div')\">hover</div>\n\n" +
	"![pic](javascript:alert('model-image'))"

// TestUntrustedTextRunsNoScript renders a panic message and a model reply
// full of script in Chromium and checks that nothing runs and that the DOM
// holds no script but the page's own.
func TestUntrustedTextRunsNoScript(t *testing.T) {
	browserCtx := startBrowser(t)
	s := startSite(t, fakeopenai.Reply(xssAnswer).WithPieces(4, 50*time.Millisecond), func(ex *explainerr.Explainer) http.Handler {
		return ex.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			panic(errors.New(xssPanic))
		}))
	})
	tab := newTab(t, browserCtx, 30*time.Second)
	dialogs := watchDialogs(tab)

	target := s.srv.URL + `/posts/"><script>alert('path')</script>`
	if err := chromedp.Do(tab, chromedp.Navigate(target)); err != nil {
		t.Fatalf("navigating: %v", err)
	}
	if _, err := chromedp.Run(tab, chromedp.Poll[bool](`!!document.querySelector('.final')`, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Fatalf("the explanation never completed: %v", err)
	}
	// Let anything that would fire on load (image errors, onload) fire.
	time.Sleep(500 * time.Millisecond)
	if _, err := chromedp.Run(tab, chromedp.Evaluate[bool](`(document.querySelectorAll('*').forEach(el => el.dispatchEvent(new MouseEvent('mouseover', {bubbles: true}))), true)`)); err != nil {
		t.Fatal(err)
	}

	type domState struct {
		Scripts       int      `json:"scripts"`
		NoncedScripts int      `json:"noncedScripts"`
		OwnScript     bool     `json:"ownScript"`
		OnAttributes  []string `json:"onAttributes"`
		ScriptURLs    []string `json:"scriptURLs"`
		Embedded      []string `json:"embedded"`
		Message       string   `json:"message"`
		Explanation   string   `json:"explanation"`
	}
	dom, err := chromedp.Run(tab, chromedp.Evaluate[domState](`(() => {
		const scripts = [...document.querySelectorAll('script')];
		const onAttributes = [], scriptURLs = [];
		for (const el of document.querySelectorAll('*')) {
			for (const a of el.attributes) {
				if (a.name.toLowerCase().startsWith('on')) onAttributes.push(el.tagName + ' ' + a.name + '=' + a.value);
				if (/^\s*(javascript|data|vbscript):/i.test(a.value) && ['href', 'src', 'action', 'formaction', 'xlink:href'].includes(a.name.toLowerCase())) scriptURLs.push(el.outerHTML);
			}
		}
		return {
			scripts: scripts.length,
			noncedScripts: scripts.filter(s => s.nonce !== '').length,
			ownScript: scripts.length > 0 && scripts[0].textContent.includes('data-copy'),
			onAttributes, scriptURLs,
			embedded: [...document.querySelectorAll('img, svg, iframe, object, embed, frame, math, form, base, meta[http-equiv]')].map(e => e.outerHTML),
			message: document.querySelector('h1.message').textContent,
			explanation: document.querySelector('.final .md').textContent,
		};
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if got := dialogs.opened(); len(got) > 0 {
		t.Errorf("script ran in the page: dialogs %q", got)
	}
	if dom.Scripts != 1 || dom.NoncedScripts != 1 || !dom.OwnScript {
		t.Errorf("%d script elements (%d with a nonce, the page's own: %v), want exactly the page's own nonce'd script", dom.Scripts, dom.NoncedScripts, dom.OwnScript)
	}
	if len(dom.OnAttributes) > 0 {
		t.Errorf("elements with event handler attributes: %q", dom.OnAttributes)
	}
	if len(dom.ScriptURLs) > 0 {
		t.Errorf("elements with script URLs: %q", dom.ScriptURLs)
	}
	if len(dom.Embedded) > 0 {
		t.Errorf("elements that untrusted text must not create: %q", dom.Embedded)
	}
	// The panic message is shown as text, not dropped.
	if !strings.Contains(dom.Message, `<script>alert("panic-script")</script>`) {
		t.Errorf("the panic message is not shown as text: %q", dom.Message)
	}
	if !strings.Contains(dom.Explanation, "The fix is below.") || !strings.Contains(dom.Explanation, "click me") {
		t.Errorf("the model's harmless text is missing: %q", dom.Explanation)
	}
	saveScreenshot(t, tab, "xss-error-page.png")
}
