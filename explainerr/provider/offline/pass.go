package offline

// A pass explains one kind of failure, in the manner of x/tools'
// go/analysis: a named value with a doc, the failure classes it
// recognises, the facts it reads beyond the failure and its site, and its
// explain step. Every pass is listed in passes (passes.go) and lives in a
// file named after it, with its test data in testdata/passes/<name>/
// (see passes_test.go).
type pass struct {
	// name names the pass, its file and its test-data directory.
	name string
	// doc says what the pass recognises and what it says about it.
	doc string
	// classes are the failure classes the dispatch gives to this pass.
	classes []Class
	// needs are what the pass reads beyond the failure, its site and the
	// report's own source windows. needModule is checked against the
	// explain step's calls (passneeds_test.go) and against what the
	// step loads on the pass's test data (passes_test.go).
	needs []need
	// explain writes the pass's findings into the analysis's draft. It
	// reports false when it has nothing to say; the failure is then
	// restated as one the analyzer does not recognise.
	explain func(*analysis) bool
}

// need names what a pass reads beyond the failure and its site: the
// module understanding's facts (appsource) or the crash's other
// goroutines.
type need string

// What passes need.
const (
	// needModule is the module understanding's program view: types,
	// constructors, calls, assignments (analysis.app).
	needModule need = "module"
	// needSchema is the SQL the module runs and the schema it declares.
	needSchema need = "schema"
	// needTemplates is the module's templates and the data handlers pass.
	needTemplates need = "templates"
	// needGoroutines is the other goroutines of a crash dump.
	needGoroutines need = "goroutines"
)

// always wraps an explain step that always has something to say.
func always(step func(*analysis)) func(*analysis) bool {
	return func(a *analysis) bool {
		step(a)
		return true
	}
}

// passFor returns the pass that explains class c, or nil when no pass
// recognises it (the failure is then restated).
func passFor(c Class) *pass {
	for _, p := range passes {
		for _, pc := range p.classes {
			if pc == c {
				return p
			}
		}
	}
	return nil
}
