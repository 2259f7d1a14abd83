package redact

import (
	"reflect"
	"time"

	"github.com/explainerr/explainerr/explainerr/report"
)

// The sealed report's parts that the stages after the seal read often,
// without copying the whole report (Report).

// noReport is what the zero Sealed reads as; it is never changed.
var noReport report.Report

// view returns the sealed report itself, to read only.
func (s Sealed) view() *report.Report {
	if s.s == nil {
		return &noReport
	}
	return s.s.r
}

// Prompt returns the sealed report's prompt.
func (s Sealed) Prompt() report.Prompt { return s.view().Prompt }

// Fingerprint returns the sealed report's fingerprint, "" before it is
// prepared.
func (s Sealed) Fingerprint() string { return s.view().Fingerprint }

// Mode returns the sealed report's context mode.
func (s Sealed) Mode() string { return s.view().Mode }

// Time returns when the sealed report's failure happened.
func (s Sealed) Time() time.Time { return s.view().Time }

// Status returns the HTTP status the sealed report's failure is answered
// with.
func (s Sealed) Status() int { return s.view().Status }

// Explanation returns a copy of the sealed report's explanation.
func (s Sealed) Explanation() report.Explanation {
	return (&sealWalk{}).value(reflect.ValueOf(s.view().Explanation)).Interface().(report.Explanation)
}

// Read calls read with the sealed report itself, not a copy, for a stage
// that only looks at it to write it out (the page, the Markdown report,
// the log record): a copy of the whole report costs more than some of
// these stages. read must not change the report nor keep it, or any of
// its slices, maps or pointers, after it returns; a stage that needs
// either uses Report.
func (s Sealed) Read(read func(r *report.Report)) { read(s.view()) }
