package pipeline

import (
	"context"
	"fmt"

	"github.com/explainerr/explainerr/evals/internal/gate"
	"github.com/explainerr/explainerr/evals/internal/harness"
	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/prompt"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/index"
)

// maxAnchoredFrames is how many of the innermost app frames the index
// anchors a chunk on (the retriever's bound).
const maxAnchoredFrames = 8

// provenance recomputes, for each row, what its mode makes of the same
// failure without the middleware: the static context by a fresh
// Explainer in static mode with no index, and what retrieval finds by a
// retriever of the app's index opened as the middleware opens it
// (anchors, graph and similarity, with their default bounds).
type provenance struct {
	static     *explainerr.Explainer
	retrievers map[string]*index.Retriever
}

func newProvenance(apps []harness.AppIndex) (*provenance, error) {
	ex, err := explainerr.New(explainerr.WithContext(explainerr.ContextStatic), explainerr.WithProviderName("offline"))
	if err != nil {
		return nil, fmt.Errorf("provenance: %w", err)
	}
	p := &provenance{static: ex, retrievers: map[string]*index.Retriever{}}
	for _, a := range apps {
		ret, err := index.OpenRetriever(a.IndexPath, index.RetrieverOptions{})
		if err != nil {
			p.close()
			return nil, fmt.Errorf("provenance: %s: opening the index: %w", a.App.Name, err)
		}
		p.retrievers[a.App.Name] = ret
	}
	return p, nil
}

func (p *provenance) close() {
	p.static.Close()
	for _, r := range p.retrievers {
		r.Close()
	}
}

// check returns why the context of rep, made by app in mode, is not what
// the mode makes.
func (p *provenance) check(ctx context.Context, app, mode string, rep *report.Report) ([]string, error) {
	switch mode {
	case report.ModePlain:
		return gate.PlainProvenance(rep.Context, rep.Prompt.User), nil
	case report.ModeStatic:
		fresh := p.static.Prepare(ctx, p.static.Seal(bare(rep))).Report()
		return gate.StaticProvenance(rep.Context, fresh.Context), nil
	case report.ModeRAG:
		ret := p.retrievers[app]
		if ret == nil {
			return nil, fmt.Errorf("provenance: no index for the app %q", app)
		}
		retrieved, err := ret.Retrieve(ctx, bare(rep))
		if err != nil {
			return nil, fmt.Errorf("provenance: the index's chunks: %w", err)
		}
		fresh := p.static.Prepare(ctx, p.static.Seal(bare(rep))).Report()
		room := prompt.DefaultBudget - len(rep.Prompt.System) - len(rep.Prompt.User)
		return gate.RAGProvenance(rep.Context, fresh.Context, retrieved, rep.Frames, app, maxAnchoredFrames, room), nil
	}
	return []string{fmt.Sprintf("unknown mode %q", mode)}, nil
}

// bare returns a copy of rep without what preparing it adds: the failure,
// its frames and its request as captured.
func bare(rep *report.Report) *report.Report {
	r := *rep
	r.Frames = append([]report.Frame(nil), rep.Frames...)
	r.Prompt, r.Context, r.Notices, r.Mode, r.Fingerprint = report.Prompt{}, nil, nil, "", ""
	r.Explanation = report.Explanation{}
	return &r
}
