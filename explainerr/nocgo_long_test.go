//go:build long

package explainerr_test

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// A program built without cgo cannot link the index reader, whatever it
// imports: with retrieval asked for, the notice says so, rather than
// naming an import the program may already have in a cgo-only file.
func TestRetrievalWithoutCgoSaysCgo(t *testing.T) {
	cmd := exec.Command("go", "run", "./testdata/nocgo")
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "EXPLAINERR_CONTEXT=rag", "OPENAI_API_KEY=", "OPENAI_BASE_URL=", "GOFLAGS=-mod=mod")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go run: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "built without cgo") || !strings.Contains(string(out), "CGO_ENABLED=1") {
		t.Errorf("the notice does not say the build lacks cgo:\n%s", out)
	}
}
