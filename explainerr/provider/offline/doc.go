// Package offline is a deterministic explanation provider that needs no
// network: it reads the failing app line and the error, recognises the Go
// runtime panic classes and common library errors, and says what went
// wrong, where, and the usual fixes, naming only identifiers found in the
// source, the retrieved context, the trace, the error or the request.
//
// When the app's module is on this machine, the analyzer also parses its
// Go files (go/parser, no build) to follow a nil or empty value one step
// back to where it was made, in any package of the module: a constructor
// that leaves a field unset, a function returning nil, nil, an error
// wrapped with %v that errors.Is cannot see. It names one value as the
// nil one only when the line or that data flow shows it, and otherwise
// names every candidate.
//
// # Passes
//
// The analysis of one report runs in a fixed order. Package failureclass
// recognises the failure's class from its messages (and a database
// error's code); the analysis finds the failure site (the innermost app
// frame with a line), gathers the source corpus (the report's windows and
// retrieved chunks) and the grounding (the words an explanation may
// name), and writes the location section of the draft. Then the dispatch
// gives the failure to the one pass whose classes hold its class
// (passFor). A pass, in the manner of x/tools' go/analysis, is a value:
// a name, a doc, the classes it recognises, what it needs beyond the
// report (the module understanding's program view, the schema, the
// templates, other goroutines) and its explain step, which writes
// findings into the shared draft. A failure no pass recognises, or whose
// pass has nothing to say, is restated. Last, suggested fixes the code
// already has are dropped and the draft is rendered.
//
// # Shared results
//
// What every pass reads or writes is computed once per report and given
// to the pass through the analysis (a pass's explain step is a method of
// it and reads these fields); each result is a small package under internal/, with its
// contract in its package doc and its unit tests beside it:
//
//   - internal/site (a.s): the failure site, the innermost app frame with
//     its line, the app's caller and the library function that raised
//     the failure, and searches of its source window: the assignment of
//     a name (a.s.AssignmentOf), the statement that produced a reported
//     error (a.s.ErrorOrigin).
//   - internal/linefacts (a.s.Facts): what one source line does (its
//     indexes, selectors, calls, assignments and the rest, as operand
//     texts), parsed from a window, for the site's line or any other.
//   - internal/corpus (a.c): every line of app source the report carries
//     (the app frames' windows, then the retrieved chunks), each once,
//     with its file, number and declaration, searched by pattern
//     (a.c.Find, a.c.First) without reading the module on disk.
//   - internal/grounding (a.g): the identifiers the explanation may name
//     (the report's words, Go's predeclared names, a table of standard
//     library names), which a pass adds to with what it read (a.g.Add)
//     and which the draft checks every code span against.
//   - internal/draft (a.d): the explanation being written, its headline
//     and sections, each part given as alternatives from the most to the
//     least specific; a pass writes through a.headline, a.why, a.fix and
//     a.note (or appends to a.d.Where), and the draft renders, for each
//     part, the first alternative the grounding allows.
//   - internal/pattern: the cache of the regular expressions the passes
//     build from the report's names (compiled).
//
// The module understanding (a.app) is loaded on first use, only for a
// pass that declares needModule.
//
// The passes, each in a file named after it:
//
//   - nil-pointer: a nil pointer dereference, the nil operand of the
//     failing line and where it was made.
//   - nil-map: a write to a nil map, and where the map should be made.
//   - index-out-of-range, slice-bounds: an index or slice past the end,
//     and where the index or the value came from.
//   - interface-conversion: a failed type assertion.
//   - divide-by-zero: a zero divisor and where it came from.
//   - channel: a send on a closed channel, a close of a closed or nil one.
//   - negative-waitgroup, deadlock, stack-overflow: goroutine misuse and
//     unbounded recursion.
//   - template: html/template and text/template parse and execution
//     errors, against the template's line and the data's type.
//   - json-decode: a JSON document that does not fit its Go type;
//     json-encode: a value encoding/json cannot encode; unexpected-eof:
//     a body or file that ended in the middle of a value.
//   - file-error: a file that is not there or may not be read.
//   - db-closed: a query on a database handle closed before it.
//   - concurrent-map: a map two goroutines used at once.
//   - db-sign-in: a database that refused the connection's sign-in (no
//     user name, a password or user refused, no such database), the
//     function that gives the connection that setting and the key it is
//     read by, against the configuration file's keys.
//   - connection-refused: a dial nothing answered, and the setting that
//     chose the address.
//   - context-ended: a deadline passed or a context canceled, and where
//     the deadline was set.
//   - strconv: a number that did not parse, and where the text came from.
//   - cgo-signal: a signal raised in C code called through cgo.
//   - data-race: a race detector report and the accesses it shows.
//   - sql-no-rows: sql.ErrNoRows answered as a server error;
//     not-found-as-error: the app's own not-found error answered so.
//   - sql-schema: a query naming a column or table the schema lacks,
//     calling a function the database does not have, or SQL the database
//     cannot parse; sql-argument-type: an argument database/sql cannot
//     pass (a struct or slice whose Value method is on its pointer, or
//     missing); sql-valuer-result: a Value method that returns what no
//     driver takes (the value itself); orm-relation: a relation named to gorm's Preload or
//     Joins that the model does not declare; orm-missing-where: a gorm
//     Delete or Update given a value without its primary key; constraint: a NOT NULL, UNIQUE,
//     FOREIGN KEY or CHECK constraint the statement violated, a value an
//     enum type does not list, or one a column's type cannot read (the
//     statement's arguments out of its placeholders' order).
//   - sql-scan: a Scan whose destinations do not match the query's
//     columns; multiple-rows: a one-row query that found several.
//   - recovered-site: a panic whose value the app's own recoverer took,
//     and what on the panic-site line can panic.
//   - test-timeout: a test binary stopped by its -timeout, and where the
//     running test waits.
//
// # Adding a pass
//
// Add the class to package failureclass (a constant and the rule that
// recognises its message), then write one file named after the pass that
// declares its value and its explain step, and add the value to the
// passes list (passes.go). The step reads the shared results (a.s, a.c,
// a.g, and a.app when the pass declares needModule) and writes its
// findings through a.headline, a.why, a.fix and a.note; what several
// passes need and no shared result holds belongs in a small package of
// its own under internal/, not in the analysis type. Its test data goes
// in testdata/passes/<name>/:
// a small module's Go files, one of which carries a failure directive
// (//explainerr:failure kind type message) and, on the failing line, the
// expected findings as // want comments (see passes_test.go). The tests
// check that every class has exactly one pass, that each pass lives in
// its file with its test data, that it declares needModule exactly when
// its step may load the module understanding, and that this comment
// names it.
package offline
