package page

import (
	"bytes"
	"html/template"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// fragmentTemplates are the trace fragments as html/template markup; the Go
// renderers must write exactly what html/template writes for them.
var fragmentTemplates = template.Must(template.New("fragments").Parse(`
{{- define "framehead" -}}
<span class="fn" title="{{.Function}}">{{.Short}}</span>{{if gt .Repeat 1}} <span class="tag tag-repeat" title="{{.Repeat}} identical consecutive frames">×{{.Repeat}}</span>{{end}} <span class="loc" title="{{.File}}:{{.Line}}"><span class="dir">{{.Dir}}</span><b>{{.Base}}</b>:{{.Line}}</span>
{{- end}}
{{- define "library"}}{{range .}}<li>{{template "framehead" .}} <span class="tag tag-{{.Kind}}">{{.Kind}}</span></li>{{end}}{{end}}
{{- define "source"}}{{range .}}<div class="ln{{if .Hit}} hit{{end}}"><span class="no">{{.No}}</span><code>{{.Text}}</code></div>{{end}}{{end}}
{{- define "trace"}}
{{- range .}}
{{- if .App}}{{with .App}}
{{- if .Source}}
<details class="frame app"{{if .Open}} open{{end}}>
<summary>{{template "framehead" .}}</summary>
<div class="src">{{template "source" .Source}}</div>
</details>
{{- else}}
<div class="frame app nosrc">{{template "framehead" .}}</div>
{{- end}}
{{- end}}{{else}}
<details class="frame lib">
<summary><span class="count">{{len .Library}} library {{if eq (len .Library) 1}}frame{{else}}frames{{end}}</span> <span class="muted pkgs">{{.Packages}}</span></summary>
<ol class="libframes">{{template "library" .Library}}</ol>
</details>
{{- end}}
{{- end}}
{{- end}}
{{- define "chunk"}}{{range .}}<div class="ln"><span class="no">{{.No}}</span><code>{{.Text}}</code></div>{{end}}{{end}}
`))

func executeFragment(t *testing.T, name string, data any) string {
	t.Helper()
	var b strings.Builder
	if err := fragmentTemplates.ExecuteTemplate(&b, name, data); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// render returns what write writes.
func render(write func(*bytes.Buffer)) string {
	var b bytes.Buffer
	write(&b)
	return b.String()
}

func TestFragmentsWriteWhatTheTemplateWrites(t *testing.T) {
	nasty := []string{
		"", "plain", `<script>alert("x")</script>`, "a&b+c'd\"e", "nul\x00byte",
		"ünïcödé ☃ \ufdd0 \ufffe", "bad\xffutf8\xc3", "`back` {{.X}} </code>", "&amp; already",
	}
	var frames []frameView
	for i, s := range nasty {
		frames = append(frames, frameView{
			Function: "example.com/app/" + s + ".(*T).M", Short: s + ".M", File: "/src/" + s + "/x.go",
			Dir: "/src/" + s + "/", Base: s + ".go", Line: i * 7, Kind: s, Repeat: i % 3,
		})
	}
	for _, f := range frames {
		var head bytes.Buffer
		writeFrameHead(&head, f)
		if got, want := head.String(), executeFragment(t, "framehead", f); got != want {
			t.Errorf("writeFrameHead(%q):\n got %s\nwant %s", f.Function, got, want)
		}
	}
	if got, want := render(func(b *bytes.Buffer) { writeLibraryItems(b, frames) }), executeFragment(t, "library", frames); got != want {
		t.Errorf("writeLibraryItems:\n got %s\nwant %s", got, want)
	}
	for _, r := range []*report.Report{sampleReport(), hostileReport(), crashWithGoroutines()} {
		items, _, _ := traceItems(r.Frames)
		if len(items) > 1 {
			items[1].App = &frames[1] // an app frame without source
		}
		if got, want := render(func(b *bytes.Buffer) { writeTraceItems(b, items) }), executeFragment(t, "trace", items); got != want {
			t.Errorf("writeTraceItems:\n got %s\nwant %s", got, want)
		}
	}
	lines := numbered(strings.Join(nasty, "\n"), 40, 43)
	if got, want := render(func(b *bytes.Buffer) { writeSourceLines(b, lines, true) }), executeFragment(t, "source", lines); got != want {
		t.Errorf("writeSourceLines marked:\n got %s\nwant %s", got, want)
	}
	if got, want := render(func(b *bytes.Buffer) { writeSourceLines(b, lines, false) }), executeFragment(t, "chunk", lines); got != want {
		t.Errorf("writeSourceLines unmarked:\n got %s\nwant %s", got, want)
	}
	if !strings.Contains(render(func(b *bytes.Buffer) { writeSourceLines(b, lines, true) }), `<div class="ln hit"><span class="no">43</span>`) {
		t.Error("the failing line is not marked")
	}
}

func TestNumberedLinesIsNumberedOfTheJoinedLines(t *testing.T) {
	for _, lines := range [][]string{
		nil, {""}, {"", ""}, {"a"}, {"a", ""}, {"a", "", ""}, {"", "a"}, {"a\nb", "c"}, {"a", "b\n"}, {"x", "y", "z"},
	} {
		got := numberedLines(lines, 10, 11)
		want := numbered(strings.Join(lines, "\n"), 10, 11)
		if len(got) != len(want) {
			t.Errorf("numberedLines(%q) = %v, want %v", lines, got, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("numberedLines(%q) = %v, want %v", lines, got, want)
				break
			}
		}
	}
}
