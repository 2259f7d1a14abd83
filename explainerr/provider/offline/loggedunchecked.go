package offline

import (
	"regexp"
	"strconv"
	"strings"
)

// An ORM logs a failed statement with the caller's file and line (gorm:
// "…/post.controller.go:64 record not found … SELECT …"). When that line
// is a statement whose error the code never reads (a bare call chain,
// .Error unread), the lookup's miss is not what the request answered: the
// zero value it left goes on to the next statement, which fails for it
// (gorm's "WHERE conditions required" for an update without a key). The
// fix is to check the lookup's error where it is made.

// loggedCallerLine matches the file and line an ORM's log gives.
var loggedCallerLine = regexp.MustCompile(`(\S+\.go):(\d+)\b`)

// readsError matches a statement that may read an error: an assignment,
// .Error, err, a return or an if.
var readsError = regexp.MustCompile(`:?=|\.Error\b|\berr\b|\breturn\b|\bif\b`)

// goStringLit matches a Go string literal, interpreted or raw.
var goStringLit = regexp.MustCompile("\"(?:[^\"\\\\]|\\\\.)*\"|`[^`]*`")

// explainLoggedUnchecked explains a logged not-found error made at a line
// whose statement drops the error, when the failure answered is another
// error. It reports whether it did.
func (a *analysis) explainLoggedUnchecked() bool {
	return a.fromLog != "" && a.explainUncheckedLookup(a.fromLog)
}

// explainUncheckedLookup is explainLoggedUnchecked for the log line
// logged, whatever the failure analysed.
func (a *analysis) explainUncheckedLookup(logged string) bool {
	src := a.app()
	if src == nil {
		return false
	}
	m := loggedCallerLine.FindStringSubmatch(logged)
	if m == nil {
		return false
	}
	n, _ := strconv.Atoi(m[2])
	at, found := src.loggedAt(m[1], n)
	if !found || readsError.MatchString(goStringLit.ReplaceAllString(at.Text, `""`)) || !strings.Contains(at.Text, "(") {
		return false
	}
	answered := strings.TrimSpace(a.r.Error.Message)
	a.headline("A lookup's error not checked: the next statement failed on its zero value")
	a.why("The lookup at " + a.cite(at) + " found nothing (the log's " + code("record not found") + "), and the statement reads no error, so the code went on with the value it was meant to fill still zero.")
	if answered != "" {
		a.why("The error answered, " + code(shorten(answered, 120)) + ", comes from a later statement that used that zero value.")
	}
	a.fix("Check the lookup's error at " + code(a.fileLoc(at.Path, at.Line)) + " and answer 404 Not Found when nothing was found (its not-found error, " + code("errors.Is") + "), before using the value.")
	return true
}

// loggedAt returns line n of the module file a log names as file (as the
// logger wrote it: absolute, or ending in the file's path in the module).
func (s *appSource) loggedAt(file string, n int) (sourceLine, bool) {
	var at sourceLine
	found := false
	for _, f := range s.files {
		if strings.HasSuffix(file, "/"+s.mod.Rel(f.path)) || file == f.path {
			if lines := f.text(); n >= 1 && n <= len(lines) {
				at, found = sourceLine{Path: f.path, Line: n, Text: strings.TrimSpace(lines[n-1])}, true
			}
		}
	}
	return at, found
}
