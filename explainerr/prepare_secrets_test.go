package explainerr_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/testdir"
)

// TestPreparedPromptHidesSecretsFormedAtJoinsAndInSource: what Prepare
// adds to a sealed report is redacted, also where its redacted pieces are
// joined and where it reads the app's source. The error message's two
// lines, each clean alone ("token" ends one, the value starts the next),
// are joined into the prompt's error line, where they read as a token and
// its value; and the failing function's source, read after the seal,
// holds an API key. Neither reaches the prompt or the context.
func TestPreparedPromptHidesSecretsFormedAtJoinsAndInSource(t *testing.T) {
	const joined = "abcDEF123456ghi"
	const key = "sk-proj-Zq3vT8mW1xR5nB7kL2pD9fH4jC6gY0sA1eU3iO5rT7wQ9zX"
	root := t.TempDir()
	file := filepath.Join(root, "cart", "cart.go")
	src := "package cart\n\ntype Cart struct{ items map[string]int }\n\n" +
		"func (c *Cart) Add(sku string) {\n\tkey := \"" + key + "\"\n\tc.items[sku]++\n\tcharge(key)\n}\n\nfunc charge(key string) {}\n"
	testdir.Write(t, root, map[string]string{"go.mod": "module example.com/shop\n", "cart/cart.go": src})
	ex := benchExplainer(t, explainerr.WithContext(explainerr.ContextStatic))
	r := &report.Report{
		Error:  report.Error{Kind: report.KindPanic, Type: "runtime.plainError", Message: "login failed for token\n" + joined},
		Frames: []report.Frame{{Function: "example.com/shop/cart.(*Cart).Add", File: file, Line: 7, Kind: report.FrameApp}},
	}
	s := ex.Prepare(context.Background(), ex.Seal(r))
	prompt := s.Prompt().User
	if !strings.Contains(prompt, "login failed for token") || !strings.Contains(prompt, "c.items[sku]++") {
		t.Fatalf("the prompt lacks the error line or the failing function:\n%s", prompt)
	}
	for _, secret := range []string{joined, key} {
		if strings.Contains(prompt, secret) {
			t.Errorf("the prompt holds %q:\n%s", secret, prompt)
		}
	}
	chunks := s.Report().Context
	if len(chunks) == 0 {
		t.Fatal("the static context is empty")
	}
	for _, c := range chunks {
		if strings.Contains(c.Text, key) {
			t.Errorf("the context chunk %s:%d holds the key:\n%s", c.File, c.StartLine, c.Text)
		}
	}
}
