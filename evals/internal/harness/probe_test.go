package harness

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/index"
)

// TestLeakProbeReachesEverySecretInEveryMode runs the probe over the blog
// app's planted secrets: each mode's prompt must carry the secret's line
// (so redaction is exercised), and no output may hold the secret itself.
func TestLeakProbeReachesEverySecretInEveryMode(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	path := filepath.Join(t.TempDir(), "index.db")
	if _, err := index.Build(ctx, index.BuildOptions{Dir: repoRoot, Patterns: []string{"./blogapp/..."}, Path: path, Rebuild: true}); err != nil {
		t.Fatal(err)
	}
	ff, err := fixture.Load(filepath.Join(repoRoot, "blogapp", "fixtures.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(ff.PlantedSecrets) == 0 {
		t.Fatal("no planted secrets")
	}
	p, err := ProbeLeaks(ctx, repoRoot, path, ff.PlantedSecrets)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Unexercised) > 0 {
		t.Errorf("unexercised probes:\n%s", strings.Join(p.Unexercised, "\n"))
	}
	if want := len(ProbeModes) * len(ff.PlantedSecrets); len(p.Outputs) != want {
		t.Fatalf("%d probe outputs, want %d", len(p.Outputs), want)
	}
	for _, o := range p.Outputs {
		for name, text := range o.Texts {
			for _, s := range ff.PlantedSecrets {
				if strings.Contains(text, s.Value) {
					t.Errorf("%s mode, %s probe: %s holds the planted secret %s", o.Mode, o.Secret, name, s.Name)
				}
			}
			if name == "prompt" && !strings.Contains(text, "[REDACTED]") {
				t.Errorf("%s mode, %s probe: the prompt shows no redaction", o.Mode, o.Secret)
			}
		}
	}
	// A secret that is not in its file is an error, not a pass.
	bad := []fixture.Secret{{Name: "ghost", File: "blogapp/app/mailer.go", Value: "no-such-secret-anywhere"}}
	if _, err := ProbeLeaks(ctx, repoRoot, path, bad); err == nil {
		t.Error("a planted secret missing from its file must be an error")
	}
}
