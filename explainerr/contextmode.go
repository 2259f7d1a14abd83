package explainerr

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
	"github.com/explainerr/explainerr/explainerr/report"
)

// ContextMode is how much of the app's own source the prompt carries
// besides the trace and the request (EXPLAINERR_CONTEXT).
type ContextMode string

// Context modes.
const (
	// ContextPlain sends the trace and the request only.
	ContextPlain ContextMode = "plain"
	// ContextStatic also sends the app frames' functions and the module
	// functions they call directly, read from the app's Go files with
	// go/parser: no index, no build, no cgo.
	ContextStatic ContextMode = "static"
	// ContextRAG sends what ContextStatic sends, with the index's chunks
	// of the frames' functions, and adds the source retrieved from the
	// app's index (built by "explainerr index"): the code graph's
	// neighbours and what is similar to the failure. It needs the index
	// reader linked in.
	ContextRAG ContextMode = "rag"
)

// WithContext sets the context mode (EXPLAINERR_CONTEXT). Without it, and
// without EXPLAINERR_CONTEXT or EXPLAINERR_RAG, explanations use the index
// when one can be opened and the static context otherwise.
func WithContext(mode ContextMode) Option { return func(c *config) { c.context = mode } }

// contextFromEnv returns the context mode the environment sets, "" when
// none: EXPLAINERR_CONTEXT, else EXPLAINERR_RAG=on (an alias of rag) or
// off (no index: the static context).
func contextFromEnv() ContextMode {
	if v := strings.ToLower(strings.TrimSpace(os.Getenv("EXPLAINERR_CONTEXT"))); v != "" {
		return ContextMode(v)
	}
	switch strings.ToLower(strings.TrimSpace(os.Getenv("EXPLAINERR_RAG"))) {
	case "on", "1", "true", "yes":
		return ContextRAG
	case "off", "0", "false", "no":
		return ContextStatic
	}
	return ""
}

// checkContext reports an unknown context mode.
func checkContext(mode ContextMode) error {
	switch mode {
	case "", ContextPlain, ContextStatic, ContextRAG:
		return nil
	}
	return fmt.Errorf("explainerr: unknown context mode %q (EXPLAINERR_CONTEXT or WithContext): use \"plain\", \"static\" or \"rag\"", string(mode))
}

// addContext sets r.Mode and returns the app source the context mode
// gives r. Retrieval that fails (explicitly asked for, or with an index
// present) falls back to the static context with a notice; without an
// index and without a mode set, the static context is used silently.
func (ex *Explainer) addContext(ctx context.Context, r *report.Report) []report.Chunk {
	if ex.cfg.context == ContextPlain {
		r.Mode = report.ModePlain
		return nil
	}
	if ex.rag != nil {
		chunks, err := ex.rag.retrieve(ctx, r)
		switch {
		case err == nil:
			r.Mode = report.ModeRAG
			return appsource.WithRetrieved(appsource.Static(r), chunks)
		case errors.Is(err, errRetrievalNotLinked), errors.Is(err, errNoIndex) && ex.cfg.context == "":
			// Either already among ex.notices, with what to add, or no
			// index and none asked for.
		default:
			r.Notices = append(r.Notices, "Retrieval is on but failed, so the explanation was made from the app's files without the index: "+err.Error())
		}
	}
	r.Mode = report.ModeStatic
	return appsource.Static(r)
}
