package page

import (
	"bytes"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

func TestPageAndMarkdownNameTheStaticContext(t *testing.T) {
	r := &report.Report{
		Error:   report.Error{Kind: report.KindPanic, Message: "boom"},
		Mode:    report.ModeStatic,
		Context: []report.Chunk{{File: "app/store.go", StartLine: 3, EndLine: 9, Symbol: "(*Store).Get", Reason: report.ReasonGraph, Text: "func (s *Store) Get() {}"}},
	}
	md := markdownOf(r)
	if !strings.Contains(md, "## App source (static context: the failing functions and their callees, from the app's files, 1 chunks)") || strings.Contains(md, "retrieval off") {
		t.Errorf("Markdown report does not name the static context:\n%s", md)
	}
	v := newStartView(r, "nonce")
	var b bytes.Buffer
	writeStartRest(&b, &v, func(s string) { b.WriteString(s) }, func(n int, one, many string) {
		if n == 1 {
			b.WriteString(one)
		} else {
			b.WriteString(many)
		}
	})
	if out := b.String(); !strings.Contains(out, "App source <small>static context, from the app's files · 1 chunk</small>") || strings.Contains(out, "retrieval off") {
		t.Errorf("page section:\n%.600s", out)
	}
}
