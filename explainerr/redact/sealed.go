package redact

import (
	"encoding/json"
	"reflect"

	"github.com/explainerr/explainerr/explainerr/report"
)

// Sealed is a failure report every text of which has passed through the
// redactor: the one value that the page, the JSON and Markdown reports, the
// log, the model request, the explanation cache, the history, the crash
// files and the evaluation traces accept. Only this package makes one
// (Seal), and what is added to it later (the prompt, the source context,
// the explanation, a notice) is redacted on the way in (Amend).
//
// A Sealed never changes: Report returns a copy to read, and Amend returns
// a new Sealed. The zero value holds no report (IsZero).
type Sealed struct{ s *sealed }

// sealed is what a Sealed shares between its copies, never changed after
// Seal or Amend made it.
type sealed struct {
	r *report.Report
	// known are the secrets of the failing request, hidden also in what
	// is added later (a model that echoes the request's password).
	known *Known
	// clean are the texts of r, already redacted: an amendment that keeps
	// them costs no second redaction.
	clean map[string]struct{}
	// hidden are the texts Hide returned, also redacted already: an
	// explanation hidden as it came from the model is not redacted again
	// when it is added. It only grows, and is safe for concurrent use.
	hidden textSet
}

// Seal returns a redacted copy of r, sealed: every string of the report,
// at any depth (a field added to package report later included), with the
// secrets hidden that String hides and those of known (the failing
// request's, may be nil); each source window is redacted as one text, so
// that a private key spread over its lines is hidden whole. The
// environment is read again first, so that a secret set while the program
// runs is hidden too. r itself is not changed.
func Seal(r *report.Report, known *Known) Sealed {
	ReadEnvironment()
	if known != nil {
		known.sort()
	}
	w := &sealWalk{redact: true, known: known, out: map[string]struct{}{}}
	return Sealed{&sealed{r: w.report(r), known: known, clean: w.out}}
}

// IsZero reports whether s holds no report.
func (s Sealed) IsZero() bool { return s.s == nil }

// Report returns a copy of the sealed report, the caller's to read or
// change: changing it changes nothing sealed.
func (s Sealed) Report() *report.Report {
	if s.s == nil {
		return &report.Report{}
	}
	return (&sealWalk{}).report(s.s.r)
}

// Amend returns a new Sealed: edit changes a copy of the report, and every
// text it added or changed is redacted as Seal redacts (with the same
// request's secrets); the texts it kept are not redacted again. s itself
// does not change. Amending the zero Sealed starts from an empty report.
func (s Sealed) Amend(edit func(r *report.Report)) Sealed {
	if s.s == nil {
		s = Seal(&report.Report{}, nil)
	}
	r := s.Report()
	edit(r)
	// r is this call's own copy: it is redacted in place.
	w := &sealWalk{redact: true, known: s.s.known, clean: s.s.clean, hidden: &s.s.hidden, out: map[string]struct{}{}}
	w.inPlace(reflect.ValueOf(r).Elem())
	return Sealed{&sealed{r: r, known: s.s.known, clean: w.out}}
}

// with returns a Sealed that shares s's report, which never changes, but
// for what set changes in a shallow copy of it; set must pass what it adds
// (a value of its own) through redact, which redacts every string in it
// in place, and whose results the new Sealed knows as redacted.
func (s Sealed) with(set func(r *report.Report, redact func(ptr any))) Sealed {
	if s.s == nil {
		s = Seal(&report.Report{}, nil)
	}
	r := *s.s.r
	n := &sealed{r: &r, known: s.s.known, clean: s.s.clean}
	w := &sealWalk{redact: true, known: s.s.known, clean: s.s.clean, hidden: &s.s.hidden, record: &n.hidden}
	set(&r, func(ptr any) { w.inPlace(reflect.ValueOf(ptr).Elem()) })
	return Sealed{n}
}

// WithExplanation returns s with the explanation e, its texts redacted: a
// model's answer may quote what it was not shown whole.
func (s Sealed) WithExplanation(e report.Explanation) Sealed {
	return s.with(func(r *report.Report, redact func(any)) {
		// A copy that shares nothing with the caller's.
		e = (&sealWalk{}).value(reflect.ValueOf(e)).Interface().(report.Explanation)
		redact(&e)
		r.Explanation = e
	})
}

// WithNotices returns s with the notices added after its own.
func (s Sealed) WithNotices(notices ...string) Sealed {
	if len(notices) == 0 {
		return s
	}
	return s.with(func(r *report.Report, redact func(any)) {
		added := append([]string(nil), notices...)
		redact(&added)
		r.Notices = append(append(make([]string, 0, len(r.Notices)+len(added)), r.Notices...), added...)
	})
}

// MarshalJSON encodes the sealed report as the JSON report.
func (s Sealed) MarshalJSON() ([]byte, error) {
	if s.s == nil {
		return []byte("null"), nil
	}
	return json.Marshal(s.s.r)
}

// Hide returns text with the secrets hidden that s hides: those String
// hides and the failing request's. It is for text made from the report
// that is not kept in it, such as a follow-up's question and answer.
func (s Sealed) Hide(text string) string {
	if s.s == nil {
		return (&sealWalk{redact: true}).text(text)
	}
	out := (&sealWalk{redact: true, known: s.s.known, clean: s.s.clean, hidden: &s.s.hidden}).text(text)
	s.s.hidden.add(out)
	return out
}

// UnmarshalJSON reads a JSON report (a file of the history, a crash file)
// and seals it: a report read back is redacted again on the way in, as
// whoever wrote the file may not have redacted it.
func (s *Sealed) UnmarshalJSON(b []byte) error {
	var r report.Report
	if err := json.Unmarshal(b, &r); err != nil {
		return err
	}
	*s = Seal(&r, nil)
	return nil
}
