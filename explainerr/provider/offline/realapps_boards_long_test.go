//go:build long

package offline_test

import (
	"sync"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// boardsTargets are the failing requests served by the boards app: a
// server whose services are interfaces set after it is built, with an
// in-memory and an HTTP-client implementation of each.
var boardsTargets = []string{
	"GET /boards/999",       // 0: a nil board from a call whose error was dropped
	"GET /boards?offset=50", // 1: the last of an empty page
	"GET /average",          // 2: a divide by zero in a service method
	"GET /boards/abc/edit",  // 3: a must-helper that panics on bad input
	"GET /members/1",        // 4: a timeout written as a bare integer
	"GET /safe/boards/999",  // 5: the nil board under the app's recoverer
	"GET /boards/999/log",   // 6: a nil board or a logger never set
	"GET /users/7/latest",   // 7: nil, nil from the last call of a chain
	"GET /users/7/sync",     // 8: a deadline whose length is a named constant
}

var (
	boardsOnce    sync.Once
	boardsReports []*report.Report
)

// boardsApp returns the reports of boardsTargets, built and run once.
func boardsApp(t *testing.T) []*report.Report {
	t.Helper()
	boardsOnce.Do(func() { boardsReports = realAppReports(t, "boards", boardsTargets...) })
	if boardsReports == nil {
		t.Fatal("the boards app gave no reports")
	}
	return boardsReports
}

func TestExplainNilFieldSetAfterBuildIsNotBlamed(t *testing.T) {
	text := boardsApp(t)[0].Explanation.Text
	mustContain(t, "view", text, "Nil pointer dereference: `b` is nil",
		"`b, _ := s.BoardService.FindBoardByID(r.Context(), id)`, which discards the error",
		"the module sets it afterwards, at `main` (`main.go:29`): `m.HTTPServer.MemberService = &memory.MemberService{}`")
	mustNotContain(t, "view", text, "`s.MemberService` is nil", "stays `nil`", "built without setting", "Set `MemberService`")
}

func TestExplainNilCandidatesWithEvidenceAreListed(t *testing.T) {
	text := boardsApp(t)[6].Explanation.Text
	mustContain(t, "log", text, "Nil pointer dereference: one of", "`s.logger`", "`b`",
		"the trace does not say which", "so `s.logger` stays `nil`", "`b` is left `nil`")
}

func TestExplainRecoveredCandidatesSkipImportedPackages(t *testing.T) {
	text := boardsApp(t)[5].Explanation.Text
	mustContain(t, "safe", text, "a nil pointer dereference, if `b`")
	mustNotContain(t, "safe", text, "`board` is", "or `board`")
}

func TestExplainEmptyResultThroughInterfaceNamesEveryImplementation(t *testing.T) {
	text := boardsApp(t)[1].Explanation.Text
	mustContain(t, "index", text, "`s.BoardService` is the interface `BoardService`",
		"`(*BoardService).FindBoards` (`http/client.go:23`)", "`(*BoardService).FindBoards` (`memory/memory.go:32`)",
		"the trace does not say which one ran", "if len(boards) == 0 {")
	mustNotContain(t, "index", text, "returns an empty result when nothing matches", "return nil, 0, err", ">= len(boards)")
}

func TestExplainFixOutsideHandlerReturnsAnError(t *testing.T) {
	text := boardsApp(t)[3].Explanation.Text
	mustContain(t, "edit", text, "should be a 400", "no http.ResponseWriter here: return an error to the caller",
		"let the handler answer with http.StatusBadRequest")
	mustNotContain(t, "edit", text, "http.Error(w")
}

func TestExplainComputedDivisorIsNotBadInput(t *testing.T) {
	text := boardsApp(t)[2].Explanation.Text
	mustContain(t, "average", text, "Integer divide by zero: `active` is 0", "if active != 0 {",
		"`active` is computed in this function, not read from the request")
	mustNotContain(t, "average", text, "http.Error(w", "StatusBadRequest", "query parameter, form, config")
}

func TestExplainBareIntegerTimeoutIsNanoseconds(t *testing.T) {
	text := boardsApp(t)[4].Explanation.Text
	mustContain(t, "members", text, "`ctx, cancel := context.WithTimeout(ctx, 500)`", "given as the bare integer `500`",
		"counts nanoseconds", "`500*time.Millisecond`")
	mustNotContain(t, "members", text, "raise the timeout")
}

// TestExplainNilNilFromTheLastCallOfAChain: in "s.store().LatestBoard(id)"
// the value and its nil error come from LatestBoard, not from store.
func TestExplainNilNilFromTheLastCallOfAChain(t *testing.T) {
	text := boardsApp(t)[7].Explanation.Text
	mustContain(t, "latest", text, "Nil pointer dereference: `b` is nil",
		"`LatestBoard` returned `nil` together with a `nil` error",
		"`LatestBoard` returns `nil` with a `nil` error at", "make `LatestBoard` return an error")
	mustNotContain(t, "latest", text, "`store` returned", "make `store` return")
}

// TestExplainDeadlineQuotesItsNamedLength: a deadline given by a constant's
// name (context.WithTimeout(ctx, syncTimeout)) is quoted with the line that
// sets the constant, the length the cited line does not show.
func TestExplainDeadlineQuotesItsNamedLength(t *testing.T) {
	text := boardsApp(t)[8].Explanation.Text
	mustContain(t, "sync", text, "Context deadline exceeded", "`ctx, cancel := context.WithTimeout(ctx, syncTimeout)`",
		"is set at `memory/latest.go:", "`const syncTimeout = 2 * time.Millisecond`")
}
