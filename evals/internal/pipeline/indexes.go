package pipeline

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/freeze"
	"github.com/explainerr/explainerr/evals/internal/harness"
	"github.com/explainerr/explainerr/evals/internal/records"
	"github.com/explainerr/explainerr/index"
)

// buildIndexes builds, in the run directory, the index of each app of the
// run from its own source (a resumed run keeps the indexes it has), and
// returns each app's evidence: fixtures file and hash, index and hash,
// and its frozen fingerprint.
func (r *runner) buildIndexes(ctx context.Context, af *appFixtures, resuming bool) ([]records.AppRun, error) {
	methodology, _ := os.ReadFile(filepath.Join(r.o.Root, "METHODOLOGY.md"))
	var out []records.AppRun
	for _, a := range r.apps {
		ar := records.AppRun{Name: a.Name, FixturesFile: relTo(r.o.Root, af.paths[a.Name]), IndexFile: indexFile(a.Name)}
		for _, fx := range r.fixes {
			if r.appOf[fx.ID] == a.Name {
				ar.Fixtures++
			}
		}
		var err error
		if ar.FixturesHash, err = records.FileHash(af.paths[a.Name]); err != nil {
			return nil, err
		}
		path := filepath.Join(r.o.Out, ar.IndexFile)
		if _, statErr := os.Stat(path); !resuming || statErr != nil {
			stats, err := index.Build(ctx, index.BuildOptions{Dir: r.o.Root, Patterns: []string{a.Pattern}, Path: path, Rebuild: true})
			if err != nil {
				return nil, fmt.Errorf("building the index of %s: %w", a.Name, err)
			}
			ar.IndexChunks = stats.Chunks
		}
		if ar.IndexHash, err = records.IndexHash(path); err != nil {
			return nil, err
		}
		if rec, fp, err := freeze.Check(r.o.Root, a.Name, string(methodology)); rec.Version > 0 {
			ar.Fingerprint, ar.FrozenVersion, ar.FrozenDate, ar.Frozen = fp.SHA256, rec.Version, rec.Date, err == nil
		}
		out = append(out, ar)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no fixture to run")
	}
	return out, nil
}

// sameIndexes refuses to resume a run whose indexes changed since it
// began.
func sameIndexes(prev *records.RunInfo, now []records.AppRun, out string) error {
	recorded := map[string]string{}
	for _, a := range prev.Apps {
		recorded[a.Name] = a.IndexHash
	}
	if len(prev.Apps) == 0 {
		recorded[harness.BlogApp.Name] = prev.IndexHash
	}
	for _, a := range now {
		if h, ok := recorded[a.Name]; ok && h != a.IndexHash {
			return fmt.Errorf("the index of %s in %s changed since the run began (hash %.12s, recorded %.12s): start a new run", a.Name, out, a.IndexHash, h)
		}
	}
	return nil
}

// appIndexes are the run's apps with their indexes, for the harness.
func (r *runner) appIndexes() []harness.AppIndex {
	var out []harness.AppIndex
	for _, a := range r.apps {
		out = append(out, harness.AppIndex{App: a, IndexPath: filepath.Join(r.o.Out, indexFile(a.Name))})
	}
	return out
}

// leakProbe probes redaction for each app of the run with its own index
// and planted secrets, and stores the outputs under the run's traces
// (the blog's in "leak-probe", as before there were two apps).
func (r *runner) leakProbe(ctx context.Context) (*records.LeakProbe, error) {
	total := &records.LeakProbe{}
	for _, a := range r.apps {
		var secrets = r.secrets[:0:0]
		for _, s := range r.secrets {
			if strings.HasPrefix(s.File, a.Name+"/") {
				secrets = append(secrets, s)
			}
		}
		if len(secrets) == 0 {
			continue
		}
		dir := "leak-probe"
		if a.Name != harness.BlogApp.Name {
			dir += "-" + a.Name
		}
		p, err := harness.RunLeakProbe(ctx, r.o.Root, filepath.Join(r.o.Out, indexFile(a.Name)), secrets,
			filepath.Join(r.o.Out, records.TracesDir, dir))
		if err != nil {
			return nil, err
		}
		total.Outputs += p.Outputs
		total.Unexercised = append(total.Unexercised, p.Unexercised...)
	}
	return total, nil
}
