package pipeline

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/evals/internal/checker"
	"github.com/explainerr/explainerr/evals/internal/coverage"
	"github.com/explainerr/explainerr/evals/internal/gate"
	"github.com/explainerr/explainerr/evals/internal/records"
	"github.com/explainerr/explainerr/evals/internal/source"
	"github.com/explainerr/explainerr/explainerr/report"
)

// scorer holds what scoring needs: the loaded module and its checker.
type scorer struct {
	m       *source.Module
	check   *checker.Checker
	secrets []string
	lines   *gate.LineIndex
	sites   []gate.Span
	// vocab holds each app's identifiers, by the app's folder.
	vocab map[string]coverage.Vocabulary
}

func newScorer(m *source.Module, secrets []fixture.Secret) *scorer {
	s := &scorer{m: m, check: checker.New(m), lines: gate.NewLineIndex(m.Files), vocab: map[string]coverage.Vocabulary{}}
	for _, sec := range secrets {
		s.secrets = append(s.secrets, sec.Value)
	}
	s.sites = s.lines.Sites(s.secrets)
	return s
}

var templateInMessage = regexp.MustCompile(`template:?\s*"?([\w.-]+\.(?:html|tmpl|gohtml))`)

// excerpt cuts the judge's excerpt for a fixture from the report's
// innermost app frame.
func (s *scorer) excerpt(fx fixture.Fixture, rep *report.Report) source.Excerpt {
	req := source.ExcerptRequest{
		FallbackFile: fx.PanicSite.File,
		FallbackFunc: fx.PanicSite.Function,
		FixFile:      fx.FixLocation.File,
		FixFunc:      fx.FixLocation.Function,
		Template:     fx.FixLocation.Template,
	}
	if f := rep.InnermostApp(); f != nil {
		req.FailFile, req.FailLine = f.File, f.Line
	}
	if req.Template == "" {
		if mm := templateInMessage.FindStringSubmatch(rep.Error.Message); mm != nil {
			req.Template = mm[1]
		}
	}
	return s.m.Excerpt(req)
}

// fixSpan is where the fix location is declared, when the module has it.
func (s *scorer) fixSpan(fx fixture.Fixture) *gate.Span {
	loc := fx.FixLocation
	if loc.Function != "" {
		if f := s.m.FuncByLocation(loc.File, loc.Function); f != nil {
			return s.lines.WithMarks(&gate.Span{File: f.File, StartLine: f.StartLine, EndLine: f.EndLine})
		}
		return nil
	}
	if loc.Template != "" {
		if t := s.m.TemplateFor(loc.Template); t != nil {
			return s.lines.WithMarks(&gate.Span{File: t.File, StartLine: 1, EndLine: len(t.Lines)})
		}
		return nil
	}
	// A fix in a file that is neither Go nor a template (SQL, a
	// migration) is the whole file.
	if lines, ok := s.m.Files[loc.File]; ok {
		return s.lines.WithMarks(&gate.Span{File: loc.File, StartLine: 1, EndLine: len(lines)})
	}
	return nil
}

// generationInput is the stored evidence of one generation.
type generationInput struct {
	fx          fixture.Fixture
	mode        string
	rep         *report.Report
	rawReport   []byte
	page        []byte
	explanation string
}

// scoreGeneration fills the scores of g from stored evidence: the gate,
// the leak gate over what this item produced, the checker and the overlap.
func (s *scorer) scoreGeneration(g *records.Generation, in generationInput) {
	g.Gate = gate.Measure(gate.Input{
		Fixture: in.fx,
		Mode:    in.mode,
		Prompt:  in.rep.Prompt,
		Context: in.rep.Context,
		FixSpan: s.fixSpan(in.fx),
		// The chunks' texts are judged against the module's files.
		Lines:       s.lines.File,
		SecretSites: s.sites,
	})
	g.Coverage = s.coverage(in.fx, in.rep, in.explanation)
	check := s.selfCheck(in.fx, in.rep, in.explanation)
	g.SelfCheck = &check
	g.Claims = s.check.CheckText(in.explanation)
	g.Checker = records.CountVerdicts(g.Claims)
	ex := s.excerpt(in.fx, in.rep)
	g.Excerpt = ex.Spans
	g.Overlap = 0
	if in.mode != report.ModePlain {
		g.Overlap = source.Overlap(ex, in.rep.Context)
	}
	g.Leaks = nil
	where := g.Fixture + "/" + g.Mode + "/run" + itoa(g.Run)
	g.Leaks = append(g.Leaks, gate.FindLeaks(where+" prompt", in.rep.Prompt.System+"\n"+in.rep.Prompt.User, s.secrets)...)
	g.Leaks = append(g.Leaks, gate.FindLeaks(where+" report", string(in.rawReport), s.secrets)...)
	g.Leaks = append(g.Leaks, gate.FindLeaks(where+" page", string(in.page), s.secrets)...)
	g.Leaks = append(g.Leaks, gate.FindLeaks(where+" explanation", in.explanation, s.secrets)...)
}

// coverage scores an answer to the failure of rep: the explanation, or a
// self-check's answer. Every coverage score of a run is made here.
func (s *scorer) coverage(fx fixture.Fixture, rep *report.Report, answer string) coverage.Result {
	return coverage.Score(fx, answer, s.appVocabulary(fx))
}

// selfCheck scores the self-check answers of a fixture beside its real
// explanation, each through coverage as the explanation is.
func (s *scorer) selfCheck(fx fixture.Fixture, rep *report.Report, explanation string) coverage.SelfCheck {
	return coverage.SelfCheck{
		Oracle:   s.coverage(fx, rep, coverage.OracleText(fx)).Score,
		Null:     s.coverage(fx, rep, "").Score,
		Constant: s.coverage(fx, rep, coverage.ConstantText).Score,
		Stuffing: s.coverage(fx, rep, coverage.Stuff(explanation, s.failingIdentifiers(rep))).Score,
	}
}

// appVocabulary returns the identifiers of the app whose folder holds the
// fixture's fix location.
func (s *scorer) appVocabulary(fx fixture.Fixture) coverage.Vocabulary {
	app, _, _ := strings.Cut(fx.FixLocation.File, "/")
	v, ok := s.vocab[app]
	if !ok {
		v = coverage.NewVocabulary(s.m.Files, app+"/")
		s.vocab[app] = v
	}
	return v
}

// failingIdentifiers returns every identifier of the files of rep's app
// frames, in order of first appearance.
func (s *scorer) failingIdentifiers(rep *report.Report) []string {
	seen := map[string]bool{}
	var out []string
	for _, f := range rep.Frames {
		if f.Kind != report.FrameApp || seen["file:"+f.File] {
			continue
		}
		seen["file:"+f.File] = true
		for _, id := range coverage.Identifiers(strings.Join(s.lines.File(f.File), "\n")) {
			if !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
		}
	}
	return out
}

// namesCode reports whether an explanation names code: a judge listing no
// claims for it has skipped the work.
func namesCode(text string) bool {
	return strings.Contains(text, "`") || len(checker.Extract(text)) > 0
}

// copyText is the copy mode's explanation: the context verbatim (the
// trace section in plain mode, the source chunks in static and rag mode).
func copyText(rep *report.Report) string {
	if len(rep.Context) == 0 {
		user := rep.Prompt.User
		if i := strings.Index(user, "\n## App source"); i >= 0 {
			user = user[:i]
		}
		return user
	}
	var b strings.Builder
	for _, c := range rep.Context {
		b.WriteString("```\n")
		b.WriteString(strings.TrimRight(c.Text, "\n"))
		b.WriteString("\n```\n\n")
	}
	return b.String()
}

func itoa(n int) string { return strconv.Itoa(n) }
