package page

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// testLinker makes links as a Linker must: only characters a URL holds
// as they are (a scheme, slashes, a query with & and +, percent-escapes).
func testLinker(file string, line int) string {
	var b strings.Builder
	for i := 0; i < len(file); i++ {
		c := file[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~/", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return "ed://open?file=" + b.String() + "&line=" + strconv.Itoa(line) + "&x=a+b"
}

func TestStartLinkedWritesWhatTheTemplateWrites(t *testing.T) {
	for name, r := range startVariants() {
		t.Run(name, func(t *testing.T) {
			v := newStartView(r, "n+/=")
			addEditorLinks(&v, testLinker)
			var want, got strings.Builder
			if err := startTemplate.ExecuteTemplate(&want, "start", v); err != nil {
				t.Fatal(err)
			}
			if err := startLinked(&got, r, "n+/=", testLinker); err != nil {
				t.Fatal(err)
			}
			sameBytes(t, "StartLinked", got.String(), want.String())
		})
	}
}

func TestStartLinkedLinksEveryFileLine(t *testing.T) {
	r := sampleReport()
	var b strings.Builder
	if err := startLinked(&b, r, "n", testLinker); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, f := range r.Frames {
		want := `href="` + htmlText.Replace(testLinker(f.File, f.Line)) + `"`
		if !strings.Contains(out, want) {
			t.Errorf("frame %s:%d has no link %s", f.File, f.Line, want)
		}
	}
	for _, c := range r.Context {
		if want := `href="` + htmlText.Replace(testLinker(c.File, c.StartLine)) + `"`; !strings.Contains(out, want) {
			t.Errorf("chunk %s:%d has no link", c.File, c.StartLine)
		}
	}
	var plain strings.Builder
	startLinked(&plain, r, "n", nil)
	if strings.Contains(plain.String(), "ed://") || strings.Contains(plain.String(), `<a class="loc"`) {
		t.Error("StartLinked without a linker wrote links")
	}
}
