package offline

import (
	"context"
	"errors"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider"
	"github.com/explainerr/explainerr/explainerr/report"
)

// Provider is the offline analyzer. It is safe for concurrent use.
type Provider struct {
	// standIn: a model is configured but cannot be asked, so the
	// explanation does not end with the hint to configure one.
	standIn bool
}

// New returns the offline analyzer.
func New() *Provider { return &Provider{} }

// NewStandIn returns the offline analyzer standing in for a model that is
// configured but cannot be asked (its client is not linked into the
// program): its explanations leave out the Footer's hint to configure one.
func NewStandIn() *Provider { return &Provider{standIn: true} }

// Name returns "offline".
func (*Provider) Name() string { return "offline" }

// Model returns "": the analyzer is not a model.
func (*Provider) Model() string { return "" }

// Explain analyzes the report and returns a Markdown explanation. It calls
// onDelta, when not nil, with one piece per section of the text.
func (p *Provider) Explain(ctx context.Context, req provider.Request, onDelta func(string)) (provider.Result, error) {
	if req.Report.IsZero() {
		return provider.Result{}, errors.New("offline: no report to explain")
	}
	if err := ctx.Err(); err != nil {
		return provider.Result{}, err
	}
	text := Analyze(req.Report.Report())
	if p.standIn {
		text = WithoutFooter(text)
	}
	if onDelta != nil {
		for _, piece := range pieces(text) {
			onDelta(piece)
		}
	}
	return provider.Result{Text: text}, nil
}

// Analyze returns the offline explanation of r in Markdown.
func Analyze(r *report.Report) string {
	return newAnalysis(r).explain()
}

// pieces splits text after each blank line; the pieces concatenate to text.
func pieces(text string) []string {
	var out []string
	for text != "" {
		i := strings.Index(text, "\n\n")
		if i < 0 {
			out = append(out, text)
			break
		}
		out = append(out, text[:i+2])
		text = text[i+2:]
	}
	return out
}
