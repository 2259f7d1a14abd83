package offline

import (
	"strings"
	"testing"
)

// pagerSrc is a package whose divisor is assigned in a branch above the
// failing line and, before it, from a setting.
const pagerSrc = `package pager

import "net/http"

// Limit caps the page size.
const Limit = 500

// Settings are the app's settings.
type Settings struct{ PageSize int }

// Pages counts the pages of total rows.
func Pages(cfg Settings, total int, r *http.Request) int {
	size := cfg.PageSize
	if size > Limit {
		size = Limit
	}
	return (total + size - 1) / size //!divide
}
`

// TestDivisorAssignedInABranchNotNamedAsItsSource: the nearest assignment
// of the divisor is inside an if that does not hold the failing line, so it
// is not said to be where the 0 came from; the branch is named and the
// trace's silence on it said.
func TestDivisorAssignedInABranchNotNamedAsItsSource(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{"go.mod": "module example.com/pager\n\ngo 1.22\n", "pager/pager.go": pagerSrc})
	text := Analyze(panicReport("runtime.Error", "runtime error: integer divide by zero", app.frame(t, "divide", "example.com/pager/pager.Pages")))
	mustHave(t, text, "only under the condition `size > Limit`", "the trace does not say")
	mustLack(t, text, "`size` comes from `pager.go:15`", "comes from `pager.go:15`")
}

// TestDivisorAssignedOnThePathStillNamed: an assignment in the branch
// that also holds the failing line ran before it, and stays named.
func TestDivisorAssignedOnThePathStillNamed(t *testing.T) {
	src := `package pager

// Pages counts the pages of total rows.
func Pages(size, total int, paged bool) int {
	if paged {
		size = total / 10
		return total / size //!divide
	}
	return 1
}
`
	app := writeMarkedApp(t, map[string]string{"go.mod": "module example.com/pager\n\ngo 1.22\n", "pager/pager.go": src})
	text := Analyze(panicReport("runtime.Error", "runtime error: integer divide by zero", app.frame(t, "divide", "example.com/pager/pager.Pages")))
	mustHave(t, text, "`size` comes from `pager.go:6`: `size = total / 10`")
	mustLack(t, text, "the trace does not say")
}

// TestNilArgumentAssignedInABranchNotNamedAsItsSource: a nil receiver
// whose caller assigned it only under a condition that does not hold the
// call is not said to come from that assignment (nor from its discarded
// error).
func TestNilArgumentAssignedInABranchNotNamedAsItsSource(t *testing.T) {
	files := map[string]string{}
	for k, v := range profileFiles {
		files[k] = v
	}
	files["main.go"] = strings.Replace(profileFiles["main.go"], "\tu, _ := model.Find(r.URL.Query().Get(\"id\"))\n",
		"\tvar u *model.User\n\tif id := r.URL.Query().Get(\"id\"); id != \"\" {\n\t\tu, _ = model.Find(id)\n\t}\n", 1)
	app := writeMarkedApp(t, files)
	text := Analyze(panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference",
		app.frame(t, "deref", "example.com/profile/model.(*User).DisplayName"),
		app.frame(t, "call", "main.profile")))
	mustHave(t, text, "calls it on `u`")
	mustLack(t, text, "`u` comes from", "which discards the error")
}
