// Package report defines the plain data model of one failure: the error, the
// stack frames, the request, the retrieved source context, the prompt sent
// to a model and the explanation that came back.
//
// A Report is built once per failing request (or per crash dump) and flows
// one way: capture fills Error, Frames, Request and Build; then it is sealed
// (redact.Seal), and every later stage adds to the sealed copy: retrieval
// fills Mode and Context; prompt building fills Prompt and Fingerprint; a
// provider fills Explanation. The JSON encoding of a Report is the public
// JSON report served for "Accept: application/json".
package report

import "time"

// Error kinds: how the failure reached the middleware.
const (
	KindPanic  = "panic"  // a panic recovered from the handler
	KindError  = "error"  // an error returned by an error-returning handler
	KindStatus = "status" // a 5xx status written by the app itself
	KindCrash  = "crash"  // a crash dump read by the CLI
)

// TypeRecoveredUnknown is Error.Type of a panic the app's own recoverer
// took before the middleware saw it: where it happened is known (the
// stack), what it said is not.
const TypeRecoveredUnknown = "(recovered: value unknown)"

// Frame kinds: who owns the code of a frame.
const (
	FrameApp        = "app"        // the main module or a module prefix the user named
	FrameDependency = "dependency" // any other module
	FrameStdlib     = "stdlib"     // the standard library (GOROOT)
	FrameRuntime    = "runtime"    // the panic machinery; hidden by default
)

// Modes: which of the app's source the prompt carried.
const (
	// ModePlain: the trace and the request only.
	ModePlain = "plain"
	// ModeStatic: also the app frames' functions and the module functions
	// they call directly, read from the app's files (no index).
	ModeStatic = "static"
	// ModeRAG: also the chunks retrieved from the app's index.
	ModeRAG = "rag"
)

// Reasons a chunk of source was retrieved.
const (
	ReasonFrame   = "frame"   // it contains an app frame's line or a named template
	ReasonGraph   = "graph"   // one hop along the code graph from an anchored chunk
	ReasonSimilar = "similar" // vector similarity to the failure
	// ReasonImplementation marks a method of a module type that
	// implements an interface a frame's function calls through.
	ReasonImplementation = "implementation"
	// ReasonConstructor marks a function that builds the failing
	// method's receiver type, where a nil map or field is left unset,
	// or that sets the fields of the value a nil field was read from.
	ReasonConstructor = "constructor"
	// ReasonOrigin marks the function whose fmt.Errorf or errors.New
	// makes the error's message, or one that caused it: a check that
	// dropped its query's error, the owner of a transaction used after
	// it ended; or, for an error whose words were neither shown nor
	// logged, a function the failed call reaches that runs statements.
	ReasonOrigin = "origin"
	// ReasonQuery marks a function whose SQL text names the table or
	// column an SQL error names.
	ReasonQuery = "query"
	// ReasonSchema marks the schema (a .sql file, or a Go string holding
	// CREATE TABLE or ALTER TABLE) that defines that table or column.
	ReasonSchema = "schema"
	// ReasonSetting marks a function that reads the app's settings from
	// the environment, for a connection or configuration error.
	ReasonSetting = "setting"
	// ReasonTemplate marks the declaration of the type a failing template
	// was given ("can't evaluate field X in type T").
	ReasonTemplate = "template"
	// ReasonType marks the declaration of a struct field a decoded value
	// did not fit ("json: cannot unmarshal array into Go struct field
	// T.a.b of type string"): the type the error names, around the field.
	ReasonType = "type"
	// ReasonRoute marks the handler a route registration names for the
	// request's route, when the stack no longer shows it: an error the
	// handler returned, passed on by a framework's error handler.
	ReasonRoute = "route"
)

// Report is everything known about one failure.
type Report struct {
	Error       Error       `json:"error"`
	Frames      []Frame     `json:"frames"`
	Request     Request     `json:"request"`
	Mode        string      `json:"mode"`
	Context     []Chunk     `json:"context"`
	Prompt      Prompt      `json:"prompt"`
	Explanation Explanation `json:"explanation"`
	Fingerprint string      `json:"fingerprint"`
	Build       Build       `json:"build"`
	// Status is the HTTP status the failure is answered with. A late
	// panic or error is answered with the status the client had already
	// got (200 for a body written without one; 0 after a hijack); a late
	// 5xx status keeps that status.
	Status int `json:"status,omitempty"`
	// Notices are short messages for the reader, such as a retrieval
	// fallback ("index not found: explanation made without source").
	Notices []string  `json:"notices,omitempty"`
	Time    time.Time `json:"time"`
	// Logs are the lines the failing request wrote to the standard log
	// package and to log/slog while its handler ran, oldest first, after
	// redaction; at most the newest 50 lines (8 KiB).
	Logs []LogLine `json:"logs,omitempty"`
	// LogsCut is true when older lines of the request were left out.
	LogsCut bool `json:"logs_cut,omitempty"`
	// CreatedBy is the go statement that started the failing goroutine
	// (a crash dump's "created by" line), often the best lead to the code
	// that set the failure up; nil for the main goroutine or when unknown.
	CreatedBy *Frame `json:"created_by,omitempty"`
	// Goroutines are the other goroutines that take part in the failure,
	// such as every goroutine blocked in a deadlock; empty otherwise.
	Goroutines []Goroutine `json:"goroutines,omitempty"`
}

// Goroutine is another goroutine of a crash dump that takes part in the
// failure, such as one blocked in a deadlock.
type Goroutine struct {
	ID int `json:"id"`
	// State is what the goroutine was doing ("chan send", "semacquire").
	State string `json:"state"`
	// Frames are the call it waits in (innermost) and its app frames,
	// innermost first.
	Frames []Frame `json:"frames"`
	// CreatedBy is the go statement that started it, nil when unknown.
	CreatedBy *Frame `json:"created_by,omitempty"`
	// Count is how many goroutines of the dump had this same state and
	// frames; 0 or 1 means one.
	Count int `json:"count,omitempty"`
}

// Error describes the failure itself.
type Error struct {
	// Kind is one of KindPanic, KindError, KindStatus, KindCrash.
	Kind string `json:"kind"`
	// Type is the Go type of the panic value or error, such as
	// "runtime.boundsError" or "*fs.PathError"; for a status failure it is
	// "http.Status".
	Type string `json:"type"`
	// Message is the error text (for a status failure, the body written so far).
	Message string `json:"message"`
	// Chain holds the messages of the errors.Unwrap chain below the error
	// itself, outermost first; empty when there is none.
	Chain []string `json:"chain,omitempty"`
	// Late is true when the failure happened after the response had
	// started (a status and part of the body were sent): the client got no
	// page, and the failure is reported in the log only.
	Late bool `json:"late"`
	// Recoverer names the function that recovered a panic before
	// explainerr could (a recoverer placed inside explainerr, such as chi's
	// middleware.Recoverer); the panic value is then unknown.
	Recoverer string `json:"recoverer,omitempty"`
	// WrittenBy, for a status, names the library function that wrote it
	// when the app only handed the request on to that library (a line
	// calling ServeHTTP): a response buffer such as a session manager's,
	// which writes the status the handler set after the handler returned,
	// or a library handler. The app frame below it is where the request
	// was handed on, not where the status was decided.
	WrittenBy string `json:"written_by,omitempty"`
	// HandedOver, for an error, is true when an error handler passed it on
	// (handler.Fail) without naming the handler that returned it: the
	// stack is the error handler's, and the handler that made the error
	// has returned.
	HandedOver bool `json:"handed_over,omitempty"`
	// Database is what the database said about a failed statement, read
	// from a driver's error value in the error's chain; nil when the
	// error holds none.
	Database *Database `json:"database,omitempty"`
}

// Database is a database's error: its engine, its code, the class the
// code belongs to, and the objects it names.
type Database struct {
	// Engine is "PostgreSQL", "MySQL", "SQLite", or "" when unknown.
	Engine string `json:"engine,omitempty"`
	// Code is the engine's code: a SQLSTATE ("23503"), a MySQL error
	// number ("1452"), a SQLite extended result code ("787").
	Code string `json:"code"`
	// Class is what the code means: "not-null", "unique",
	// "foreign-key", "check", "undefined-column", …; "" when unknown.
	Class string `json:"class,omitempty"`
	// Constraint, Table and Column are the objects the error names, as
	// the driver reports them; "" when it does not.
	Constraint string `json:"constraint,omitempty"`
	Table      string `json:"table,omitempty"`
	Column     string `json:"column,omitempty"`
	// Detail is the database's detail line ("Key (user_id)=(42) is not
	// present in table \"users\".").
	Detail string `json:"detail,omitempty"`
}

// Frame is one call in the failing goroutine's stack, innermost first.
type Frame struct {
	// Function is the fully qualified function name, as in
	// "example.com/app.(*Cart).Add".
	Function string `json:"function"`
	// File is the absolute file path as recorded by the compiler.
	File string `json:"file"`
	Line int    `json:"line"`
	// Kind is one of FrameApp, FrameDependency, FrameStdlib, FrameRuntime.
	Kind string `json:"kind"`
	// Source holds the lines around Line for app frames when the file is
	// readable; nil otherwise.
	Source *Source `json:"source,omitempty"`
	// Repeat is how many identical consecutive frames this frame stands for
	// (recursion); 0 or 1 means one.
	Repeat int `json:"repeat,omitempty"`
}

// Source is a window of source lines around a frame's line.
type Source struct {
	// StartLine is the line number of Lines[0].
	StartLine int      `json:"start_line"`
	Lines     []string `json:"lines"`
	// Line is the failing line's number (inside the window).
	Line int `json:"line"`
}

// LineText returns the text of the failing line, or "" when unknown.
func (s *Source) LineText() string {
	if s == nil {
		return ""
	}
	i := s.Line - s.StartLine
	if i < 0 || i >= len(s.Lines) {
		return ""
	}
	return s.Lines[i]
}

// Request is the failing request after redaction.
type Request struct {
	Method string `json:"method"`
	URL    string `json:"url"`
	// Route is the chi route pattern, such as "/posts/{id}", when present.
	Route   string              `json:"route,omitempty"`
	Headers map[string]string   `json:"headers,omitempty"`
	Query   map[string][]string `json:"query,omitempty"`
	Form    map[string][]string `json:"form,omitempty"`
	// Body is the request body the handler read, when it is not a form
	// (whose fields are in Form): JSON re-indented with the values of
	// sensitive keys masked, or text, redacted and bounded.
	Body string `json:"body,omitempty"`
	// BodyType is the body's media type, such as "application/json".
	BodyType string `json:"body_type,omitempty"`
}

// LogLine is one line a request wrote to the log package or log/slog.
type LogLine struct {
	Time time.Time `json:"time"`
	Text string    `json:"text"`
}

// Chunk is one piece of the app's source that was given to the model.
type Chunk struct {
	File      string  `json:"file"`
	StartLine int     `json:"start_line"`
	EndLine   int     `json:"end_line"`
	Symbol    string  `json:"symbol"`
	Kind      string  `json:"kind,omitempty"`
	Reason    string  `json:"reason"`
	Score     float64 `json:"score"`
	Text      string  `json:"text,omitempty"`
}

// Prompt is exactly what was, or would be, sent to the model.
type Prompt struct {
	System string `json:"system"`
	User   string `json:"user"`
}

// Usage counts the tokens of one model call.
type Usage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
}

// Explanation is the provider's answer, or why there is none.
type Explanation struct {
	// Provider is "offline" or "openai".
	Provider string `json:"provider"`
	// Model is the model the server says it served ("" for offline).
	Model string `json:"model"`
	// Text is the explanation in Markdown.
	Text string `json:"text"`
	// Error says why no (complete) explanation could be made; "" on success.
	Error string `json:"error"`
	// Cached is true when the text was served from the explanation cache.
	Cached bool `json:"cached,omitempty"`
	// Throttled is true when the model call was skipped by the throttle.
	Throttled bool   `json:"throttled,omitempty"`
	Usage     *Usage `json:"usage,omitempty"`
	// CostUSD is the estimated cost of the call from the price table.
	CostUSD float64 `json:"cost_usd,omitempty"`
	// Truncated is true when the model stopped at its token limit.
	Truncated bool `json:"truncated,omitempty"`
	// DurationMS is how long the explanation took to make.
	DurationMS int64 `json:"duration_ms,omitempty"`
	// Fallback, when not "", says why Text is the offline analysis rather
	// than the model's answer ("The model call to gpt-4o-mini failed: …;
	// this is the offline analysis."). Provider then names the fallback,
	// and Error keeps the model's failure.
	Fallback string `json:"fallback,omitempty"`
}

// Build describes the running binary.
type Build struct {
	GoVersion string `json:"go_version"`
	Module    string `json:"module"`
	Revision  string `json:"revision,omitempty"`
	Modified  bool   `json:"modified,omitempty"`
	// Dir is the main module's directory on this machine, when the
	// process runs inside it: where the app's source is read for a
	// failure whose stack holds no frame of the app's own code (a status
	// a framework wrote after the handler returned).
	Dir string `json:"dir,omitempty"`
}

// AppFrames returns the app frames of r, innermost first.
func (r *Report) AppFrames() []Frame {
	var out []Frame
	for _, f := range r.Frames {
		if f.Kind == FrameApp {
			out = append(out, f)
		}
	}
	return out
}

// InnermostApp returns the innermost app frame, or nil when there is none.
func (r *Report) InnermostApp() *Frame {
	for i := range r.Frames {
		if r.Frames[i].Kind == FrameApp {
			return &r.Frames[i]
		}
	}
	return nil
}
