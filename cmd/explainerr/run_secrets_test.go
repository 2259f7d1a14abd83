//go:build long

package main

import (
	"os"
	"strings"
	"testing"
)

// TestRunHidesSecretsNoNameMarks: a crash whose message holds the secret
// half of a key pair and an authority's password, after a log line with a
// command's credential argument, shows none of them in the headline on
// stderr nor in the crash files, while the text around them stays.
func TestRunHidesSecretsNoNameMarks(t *testing.T) {
	t.Parallel()
	dir := childApp(t)
	p, code := runChild(t, dir, nil, "unnamed-secrets-panic")
	if code != 2 {
		t.Fatalf("exit %d, want 2\nstderr:\n%s", code, p.stderr.String())
	}
	var headline []string
	for _, line := range strings.Split(p.stderr.String(), "\n") {
		if strings.HasPrefix(line, "explainerr:") {
			headline = append(headline, line)
		}
	}
	reps, mds := crashReports(t, dir)
	if len(reps) != 1 {
		t.Fatalf("%d crash reports, want 1\nstderr:\n%s", len(reps), p.stderr.String())
	}
	files := []string{strings.Join(headline, "\n"), mds[0]}
	jsons, err := os.ReadDir(dir + "/.explainerr/crashes")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range jsons {
		files = append(files, mustRead(t, dir+"/.explainerr/crashes/"+e.Name()))
	}
	if !strings.Contains(files[0], "assume role") {
		t.Fatalf("no headline for the panic: the test proves nothing\n%s", p.stderr.String())
	}
	if !strings.Contains(mds[0], "@redis.internal:6379") || !strings.Contains(mds[0], "redis-cli -h cache -a ") {
		t.Errorf("the Markdown report lacks the text around the secrets: the test proves nothing\n%s", mds[0])
	}
	for _, secret := range []string{"Lq8Wd2Kx7Vn4Rz1Tc5Yb3Hm6Pf0Gs9Ua2Eo7Ni", "Qp7Lm2Xz9Vb4", "Rc5Vb8Nq2Lx"} {
		for i, f := range files {
			if strings.Contains(f, secret) {
				t.Errorf("output %d shows the secret %q:\n%s", i, secret, f)
			}
		}
	}
}
