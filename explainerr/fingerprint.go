package explainerr

import (
	"crypto/sha256"
	"encoding/hex"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/logrecord"
	"github.com/explainerr/explainerr/explainerr/report"
)

var (
	hexNumber = regexp.MustCompile(`0x[0-9a-fA-F]+`)
	decNumber = regexp.MustCompile(`\d+`)
	// quoted finds a quoted value in a message: most often the input
	// that failed (strconv's `parsing "abc"`, an app's `unknown format
	// "pdf"`).
	quoted = regexp.MustCompile(`"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'`)
)

// maxNormalizedInput bounds the part of a message NormalizeMessage reads
// (the middleware keeps at most 64 KiB of a message anyway).
const maxNormalizedInput = 64 << 10

// NormalizeMessage removes what varies between occurrences of the same bug
// from an error message: quoted values (the input that failed), addresses
// and numbers. It keeps at most 2000 bytes,
// cut after normalising, so that numbers of different lengths early in a
// long message do not change what is kept.
func NormalizeMessage(msg string) string {
	if len(msg) > maxNormalizedInput {
		msg = msg[:maxNormalizedInput]
	}
	msg = hexNumber.ReplaceAllString(msg, "0x?")
	msg = decNumber.ReplaceAllString(msg, "N")
	msg = strings.Join(strings.Fields(msg), " ")
	// On one line, each quote pairs with the next of its kind, so that
	// normalising again finds the same pairs.
	msg = quoted.ReplaceAllStringFunc(msg, func(q string) string { return q[:1] + "?" + q[:1] })
	if len(msg) > 2000 {
		msg = strings.TrimSpace(msg[:2000])
	}
	return msg
}

// Fingerprint identifies a bug, so that the same failure is explained once:
// a hash of the error type, the normalised message, the normalised lines
// the request logged (two failures at the same http.Error call with the same
// generic body differ by what they logged), and the innermost app frame's
// file, function and line text (or, without app frames, the innermost
// frame's function): not its line number, so that an edit elsewhere in the
// file does not make an unchanged failure a new one. A frame without
// source text is told by its line number. It does not depend on how the explanation is made (its mode,
// its provider): the history counts one bug once across configurations.
//
// A status the app wrote is told apart by where it was written from when
// the request logged lines: the function that wrote it and the app's call
// of that function, not the body or the line within the function. An app
// that answers in the format the client asked for (an HTML page to a
// browser, JSON to a script) writes different bodies, from different
// lines of its error helper, for the same bug; its log lines tell the
// bugs apart.
func Fingerprint(r *report.Report) string {
	h := sha256.New()
	write := func(s string) { h.Write([]byte(s)); h.Write([]byte{0}) }
	write(r.Error.Kind)
	write(r.Error.Type)
	byCallSite := r.Error.Kind == report.KindStatus && len(r.Logs) > 0
	if !byCallSite {
		write(NormalizeMessage(r.Error.Message))
	}
	for _, l := range r.Logs {
		if rec, ok := logrecord.Parse(l.Text); ok {
			// A structured record's time and request ID change with
			// every request; its level, message and error do not.
			write(NormalizeMessage(rec.Stable()))
			continue
		}
		write(NormalizeMessage(l.Text))
	}
	// place writes where a frame is: its file, function and line text.
	place := func(f *report.Frame) {
		write(f.File)
		write(f.Function)
		if text := strings.TrimSpace(f.Source.LineText()); text != "" {
			write(text)
		} else {
			write(strconv.Itoa(f.Line))
		}
	}
	switch f := r.InnermostApp(); {
	case f != nil && byCallSite:
		write(f.File)
		write(f.Function)
		if c := callerOf(r.Frames, f); c != nil {
			place(c)
		}
	case f != nil:
		place(f)
	case len(r.Frames) > 0:
		write(r.Frames[0].Function)
	}
	return hex.EncodeToString(h.Sum(nil)[:12])
}

// callerOf returns the app frame that called f, one of frames: the next
// app frame outward; nil when there is none.
func callerOf(frames []report.Frame, f *report.Frame) *report.Frame {
	for i := range frames {
		if &frames[i] != f {
			continue
		}
		for j := i + 1; j < len(frames); j++ {
			if frames[j].Kind == report.FrameApp {
				return &frames[j]
			}
		}
	}
	return nil
}
