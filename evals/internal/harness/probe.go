package harness

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/evals/internal/records"
	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/index"
)

// ProbeModes are the context modes the leak probe runs in.
var ProbeModes = []explainerr.ContextMode{explainerr.ContextPlain, explainerr.ContextStatic, explainerr.ContextRAG}

// ProbeOutput is what the product made of one probe: everything that
// leaves the process, by name ("prompt", "report.json", "report.md").
type ProbeOutput struct {
	Mode   string
	Secret string
	Texts  map[string]string
}

// Probe is the leak probe's result.
type Probe struct {
	Outputs []ProbeOutput
	// Unexercised lists the probes whose secret-bearing line never reached
	// the prompt: such a probe proves nothing about redaction.
	Unexercised []string
}

// ProbeLeaks asks the product, in every context mode, to prepare an
// explanation of a failure whose app frame sits on each planted secret's
// line (root is the module root; the secrets' files are relative to it),
// without calling a model. The source window, the static context and the
// retrieved chunks then all carry the secret-bearing line, so redaction is
// exercised on every path that reaches a prompt, a JSON report and a
// Markdown report. A probe whose prompt does not hold the secret's line
// (by the name that holds it) is listed as unexercised.
func ProbeLeaks(ctx context.Context, root, indexPath string, secrets []fixture.Secret) (*Probe, error) {
	ret, err := index.OpenRetriever(indexPath, index.RetrieverOptions{})
	if err != nil {
		return nil, fmt.Errorf("leak probe: opening the index: %w", err)
	}
	defer ret.Close()
	p := &Probe{}
	for _, mode := range ProbeModes {
		opts := []explainerr.Option{explainerr.WithContext(mode), explainerr.WithProviderName("offline")}
		if mode == explainerr.ContextRAG {
			opts = append(opts, explainerr.WithRetriever(ret))
		}
		ex, err := explainerr.New(opts...)
		if err != nil {
			return nil, fmt.Errorf("leak probe: %w", err)
		}
		for _, s := range secrets {
			abs := filepath.Join(root, filepath.FromSlash(s.File))
			line, err := lineOf(abs, s.Value)
			if err != nil {
				ex.Close()
				return nil, fmt.Errorf("leak probe: planted secret %s: %w", s.Name, err)
			}
			sealed := ex.Prepare(ctx, ex.Seal(probeReport(abs, line)))
			r := sealed.Report()
			raw, _ := json.Marshal(sealed)
			out := ProbeOutput{Mode: string(mode), Secret: s.Name, Texts: map[string]string{
				"prompt":      r.Prompt.System + "\n" + r.Prompt.User,
				"report.json": string(raw),
				"report.md":   explainerr.Markdown(sealed),
			}}
			p.Outputs = append(p.Outputs, out)
			if r.Mode != string(mode) || !strings.Contains(r.Prompt.User, s.Name) {
				p.Unexercised = append(p.Unexercised, fmt.Sprintf("%s mode, %s (%s:%d): the prompt (mode %q) does not hold the secret's line", mode, s.Name, s.File, line, r.Mode))
			}
		}
		ex.Close()
	}
	return p, nil
}

// probeReport is a panic whose only app frame is file:line.
func probeReport(file string, line int) *report.Report {
	return &report.Report{
		Error: report.Error{Kind: report.KindPanic, Type: "string", Message: "leak probe"},
		Frames: []report.Frame{{
			Function: "github.com/explainerr/explainerr/blogapp/app.init",
			File:     file, Line: line, Kind: report.FrameApp,
		}},
		Request: report.Request{Method: "GET", URL: "/leak-probe"},
	}
}

// lineOf returns the 1-based number of the first line of file holding s.
func lineOf(file, s string) (int, error) {
	f, err := os.Open(file)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if strings.Contains(sc.Text(), s) {
			return n, nil
		}
	}
	if err := sc.Err(); err != nil {
		return 0, err
	}
	return 0, fmt.Errorf("%s does not hold it", file)
}

// RunLeakProbe runs ProbeLeaks and stores every output under dir (one
// directory per mode and secret), where the leak gate's scan of the run's
// traces finds any secret they hold.
func RunLeakProbe(ctx context.Context, root, indexPath string, secrets []fixture.Secret, dir string) (*records.LeakProbe, error) {
	p, err := ProbeLeaks(ctx, root, indexPath, secrets)
	if err != nil {
		return nil, err
	}
	rec := &records.LeakProbe{Outputs: len(p.Outputs), Unexercised: p.Unexercised}
	for _, o := range p.Outputs {
		sub := filepath.Join(dir, o.Mode, o.Secret)
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return nil, err
		}
		for name, text := range o.Texts {
			if err := os.WriteFile(filepath.Join(sub, name), []byte(text), 0o644); err != nil {
				return nil, err
			}
		}
	}
	return rec, nil
}
