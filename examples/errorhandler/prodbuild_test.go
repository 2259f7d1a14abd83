//go:build !prod

package main

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// The production build of this command links nothing of explainerr's
// module but the handler type's package.
func TestProductionBuildLinksOnlyTheHandlerType(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "-tags", "prod", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	var ours []string
	for _, p := range strings.Fields(string(out)) {
		if strings.HasPrefix(p, "github.com/explainerr/explainerr/") {
			ours = append(ours, p)
		}
	}
	want := []string{"github.com/explainerr/explainerr/examples/errorhandler", "github.com/explainerr/explainerr/handler"}
	slices.Sort(ours)
	if !slices.Equal(ours, want) {
		t.Errorf("go list -deps -tags prod links %q, want only %q", ours, want)
	}
	for _, heavy := range []string{"github.com/go-chi/chi", "github.com/yuin/goldmark", "github.com/openai/openai-go", "github.com/mattn/go-sqlite3"} {
		if strings.Contains(string(out), heavy) {
			t.Errorf("the production build links %s", heavy)
		}
	}
}
