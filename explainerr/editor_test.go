package explainerr_test

import (
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
)

func TestEditorSettingsThatCannotWorkAreRefused(t *testing.T) {
	for _, spec := range []string{
		"javascript:alert('{file}')",
		" JavaScript:alert({file})",
		"data:text/html,<script>{file}</script>",
		"vbscript:msgbox({file})",
		"blob:{file}",
		"notepad",                     // neither a preset nor a template
		"myeditor://open?line={line}", // no {file}
		"{file}:{line}",               // no scheme
		"my editor://{file}",          // not a scheme
		`ed://open?f={file}"onclick="x`,
		"ed://open?f={file}&l={line}&c={col}",
	} {
		_, err := explainerr.New(explainerr.WithEditor(spec), explainerr.WithLogger(slog.New(slog.DiscardHandler)))
		if err == nil || !strings.Contains(err.Error(), "EXPLAINERR_EDITOR") {
			t.Errorf("WithEditor(%q): err = %v, want a clear error", spec, err)
		}
	}
	t.Setenv("EXPLAINERR_EDITOR", "data:,{file}")
	if _, err := explainerr.New(explainerr.WithLogger(slog.New(slog.DiscardHandler))); err == nil {
		t.Error("EXPLAINERR_EDITOR=data:,{file} was accepted")
	}
	t.Setenv("EXPLAINERR_EDITOR", "vscode")
	t.Setenv("EXPLAINERR_EDITOR_PATHS", "/app")
	if _, err := explainerr.New(explainerr.WithLogger(slog.New(slog.DiscardHandler))); err == nil || !strings.Contains(err.Error(), "EXPLAINERR_EDITOR_PATHS") {
		t.Errorf("a mapping without '=' was accepted: %v", err)
	}
	for _, spec := range []string{"vscode", "Cursor", "zed", "jetbrains", "goland", "txmt://open?url=file://{file}&line={line}"} {
		if _, err := explainerr.New(explainerr.WithEditor(spec), explainerr.WithEditorPaths("/app=/home/me/app"), explainerr.WithLogger(slog.New(slog.DiscardHandler))); err != nil {
			t.Errorf("WithEditor(%q): %v", spec, err)
		}
	}
}

func TestEditorLinksOnThePage(t *testing.T) {
	t.Setenv("EXPLAINERR_EDITOR", "")
	t.Setenv("EXPLAINERR_EDITOR_PATHS", "")
	_, thisFile, _, _ := runtime.Caller(0)
	dir := t.TempDir()
	crashes := filepath.Join(dir, "crashes")
	os.MkdirAll(crashes, 0o755)
	crash := report.Report{
		Error: report.Error{Kind: report.KindCrash, Message: "fatal error: concurrent map writes"},
		Frames: []report.Frame{
			{Function: "main.(*cache).put", File: "/src/my app/cache.go", Line: 12, Kind: report.FrameApp},
			{Function: "main.evil", File: `/src/"><script>alert(1)</script>.go`, Line: 3, Kind: report.FrameApp},
			{Function: "example.com/app.trimmed", File: "example.com/app/trimmed.go", Line: 9, Kind: report.FrameApp},
		},
		CreatedBy: &report.Frame{Function: "main.main", File: "/src/my app/main.go", Line: 30, Kind: report.FrameApp},
		Time:      time.Now(),
	}
	data, _ := json.Marshal(crash)
	os.WriteFile(filepath.Join(crashes, "20261201T000742Z-1.json"), data, 0o644)
	const crashPage = "/_explainerr/reports/crash-20261201T000742Z-1"
	html := map[string]string{"Accept": "text/html"}

	t.Run("vscode", func(t *testing.T) {
		h := newHistoryRig(t, dir, explainerr.WithEditor("vscode"))
		got := h.do(t, "GET", "/error", html)
		// The failing handler is in history_test.go, beside this file.
		want := `<a class="loc" href="vscode://file` + filepath.Join(filepath.Dir(thisFile), "history_test.go") + `:`
		if !strings.Contains(got.body, want) {
			t.Errorf("the error page has no editor link %s…:\n%.3000s", want, got.body)
		}
		stored := h.do(t, "GET", got.header.Get("X-Explainerr-Report"), html)
		if !strings.Contains(stored.body, want) {
			t.Errorf("the stored report's page has no editor link %s…", want)
		}
		page := h.do(t, "GET", crashPage, html).body
		for _, want := range []string{
			`href="vscode://file/src/my%20app/cache.go:12"`,
			`href="vscode://file/src/my%20app/main.go:30"`,
			`href="vscode://file/src/%22%3E%3Cscript%3Ealert%281%29%3C/script%3E.go:3"`,
		} {
			if !strings.Contains(page, want) {
				t.Errorf("the crash report's page lacks %s", want)
			}
		}
		if strings.Contains(page, "<script>alert(1)") {
			t.Error("a hostile file name reached the page unescaped")
		}
		if strings.Contains(page, "vscode://file/example.com") {
			t.Error("a trimmed path became a link")
		}
	})
	t.Run("jetbrains with mapped paths", func(t *testing.T) {
		h := newHistoryRig(t, dir, explainerr.WithEditor("jetbrains"), explainerr.WithEditorPaths("/src/my app=/home/me/app"))
		page := h.do(t, "GET", crashPage, html).body
		if want := `href="goland://open?file=/home/me/app/cache.go&amp;line=12"`; !strings.Contains(page, want) {
			t.Errorf("the page lacks %s", want)
		}
	})
	t.Run("no editor", func(t *testing.T) {
		h := newHistoryRig(t, dir)
		got := h.do(t, "GET", "/error", html)
		for _, body := range []string{got.body, h.do(t, "GET", crashPage, html).body} {
			if strings.Contains(body, `<a class="loc"`) || strings.Contains(body, "vscode://") {
				t.Error("a page has editor links without EXPLAINERR_EDITOR")
			}
		}
	})
}
