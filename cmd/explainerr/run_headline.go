package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/explainerr/stack"
)

// headlineWidth clips each part of a headline.
const headlineWidth = 200

// crashHeadline is what run prints about one crash: what failed, where,
// the first step of the fix and where the full report is.
func crashHeadline(name, what string, r *report.Report, extra []string, mdPath string) string {
	var b strings.Builder
	msg := strings.TrimSpace(r.Error.Message)
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = msg[:i]
	}
	fmt.Fprintf(&b, "explainerr: %s in %s: %s\n", what, name, clipText(msg, headlineWidth))
	if f := r.InnermostApp(); f != nil {
		where := "at " + f.Function + " (" + frameLocation(f) + ")"
		if r.CreatedBy != nil {
			where += ", in a goroutine started by " + r.CreatedBy.Function + " (" + frameLocation(r.CreatedBy) + ")"
		}
		fmt.Fprintf(&b, "explainerr:   %s\n", where)
	} else if len(r.Frames) > 0 {
		fmt.Fprintf(&b, "explainerr:   at %s (%s); no frame of the app in the stack\n", r.Frames[0].Function, frameLocation(&r.Frames[0]))
	}
	if fix := firstFix(r.Explanation.Text); fix != "" {
		fmt.Fprintf(&b, "explainerr:   fix: %s\n", clipText(fix, headlineWidth))
	} else if r.Explanation.Error != "" {
		fmt.Fprintf(&b, "explainerr:   no explanation: %s\n", clipText(r.Explanation.Error, headlineWidth))
	}
	for _, e := range extra {
		fmt.Fprintf(&b, "explainerr:   %s\n", e)
	}
	if mdPath != "" {
		fmt.Fprintf(&b, "explainerr:   report: %s (JSON beside it)\n", displayPath(mdPath))
	}
	return b.String()
}

// frameLocation is a frame's file:line, relative to the current directory
// when below it; the file alone when the dump does not show the line, and
// "location unknown" when it does not show the file.
func frameLocation(f *report.Frame) string {
	if f.File == "" {
		return "location unknown"
	}
	return stack.Location(displayPath(f.File), f.Line)
}

// displayPath shortens path to one relative to the current directory when
// it lies below it.
func displayPath(path string) string {
	if !filepath.IsAbs(path) {
		return path
	}
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	rel, err := filepath.Rel(wd, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return path
	}
	return rel
}

// firstFix returns the first step under the explanation's fix heading
// ("How to fix it", "Fix", …): its first list item or line of text.
func firstFix(md string) string {
	lines := strings.Split(md, "\n")
	for i, l := range lines {
		t := strings.TrimSpace(l)
		label := strings.Trim(t, "#*_: 0123456789.")
		if !(strings.HasPrefix(t, "#") || strings.HasPrefix(t, "**") || (len(t) > 1 && t[0] >= '1' && t[0] <= '9' && t[1] == '.')) {
			continue
		}
		if !strings.Contains(strings.ToLower(label), "fix") || len(label) > 40 {
			continue
		}
		// "**How to fix it:** do this" carries the step on the same line.
		if j := strings.LastIndex(t, ":**"); j >= 0 && strings.TrimSpace(t[j+3:]) != "" {
			return strings.TrimSpace(t[j+3:])
		}
		for _, next := range lines[i+1:] {
			s := strings.TrimSpace(next)
			if s == "" {
				continue
			}
			if strings.HasPrefix(s, "#") || strings.HasPrefix(s, "```") {
				break
			}
			for _, bullet := range []string{"- ", "* ", "1. ", "1) "} {
				s = strings.TrimPrefix(s, bullet)
			}
			if strings.HasSuffix(s, ":") {
				// The step goes on with code, which stays in the report.
				s += " (see the report)"
			}
			return s
		}
	}
	return ""
}

// clipText cuts s to n bytes at a rune boundary, marking the cut.
func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8Start(s[n]) {
		n--
	}
	return s[:n] + "…"
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }
