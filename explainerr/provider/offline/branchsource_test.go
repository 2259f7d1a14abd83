package offline

import "testing"

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
