package offline

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// Class names a kind of failure the analyzer recognises.
type Class string

// The failure classes. ClassUnknown is an error the analyzer can only
// restate.
const (
	ClassNilPointer       Class = "nil-pointer"
	ClassNilFunc          Class = "nil-func-call"
	ClassNilMap           Class = "nil-map"
	ClassIndexRange       Class = "index-out-of-range"
	ClassSliceBounds      Class = "slice-bounds"
	ClassTypeAssertion    Class = "interface-conversion"
	ClassDivideByZero     Class = "divide-by-zero"
	ClassSendClosed       Class = "send-on-closed-channel"
	ClassCloseClosed      Class = "close-of-closed-channel"
	ClassCloseNil         Class = "close-of-nil-channel"
	ClassNegativeWG       Class = "negative-waitgroup"
	ClassStackOverflow    Class = "stack-overflow"
	ClassConcurrentMap    Class = "concurrent-map-access"
	ClassDeadlock         Class = "deadlock"
	ClassUnexpectedSignal Class = "unexpected-signal"
	ClassDataRace         Class = "data-race"
	ClassTestTimeout      Class = "test-timeout"
	ClassTemplateUndef    Class = "template-undefined"
	ClassTemplateFunc     Class = "template-function-undefined"
	ClassTemplateParse    Class = "template-parse"
	ClassTemplateNoKey    Class = "template-missing-key"
	ClassTemplateField    Class = "template-field"
	ClassTemplateNil      Class = "template-nil-pointer"
	ClassTemplateExec     Class = "template-exec"
	ClassNoRows           Class = "sql-no-rows"
	ClassNoSuchColumn     Class = "sql-no-such-column"
	ClassNoSuchTable      Class = "sql-no-such-table"
	ClassNotNull          Class = "constraint-not-null"
	ClassUnique           Class = "constraint-unique"
	ClassForeignKey       Class = "constraint-foreign-key"
	ClassCheck            Class = "constraint-check"
	ClassSQLSyntax        Class = "sql-syntax"
	ClassSQLScan          Class = "sql-scan"
	ClassStrconvSyntax    Class = "strconv-syntax"
	ClassStrconvRange     Class = "strconv-range"
	ClassJSONSyntax       Class = "json-syntax"
	ClassJSONType         Class = "json-unmarshal-type"
	ClassJSONUnknownField Class = "json-unknown-field"
	ClassJSONValue        Class = "json-value-rejected"
	ClassJSONEncode       Class = "json-unsupported-value"
	ClassUnexpectedEOF    Class = "unexpected-eof"
	ClassNotFound         Class = "not-found-as-error"
	ClassMultipleRows     Class = "multiple-rows"
	ClassConnRefused      Class = "connection-refused"
	ClassDBClosed         Class = "database-closed"
	ClassFileNotFound     Class = "file-not-found"
	ClassRejectedInput    Class = "rejected-input"
	ClassFilePermission   Class = "file-permission"
	ClassDeadline         Class = "context-deadline-exceeded"
	ClassCanceled         Class = "context-canceled"
	ClassStmtCanceled     Class = "sql-statement-canceled"
	ClassInputName        Class = "input-name-mismatch"
	ClassDeliberatePanic  Class = "deliberate-panic"
	ClassLostSentinel     Class = "sentinel-wrapped-without-w"
	ClassRecovered        Class = "recovered-value-unknown"
	ClassUnknown          Class = "unknown"
)

// failure is a recognised error: its class and the facts its message gives.
type failure struct {
	Class Class
	// Message is the message the class was recognised in (the error's own
	// message or one from its chain).
	Message string
	// Captures are the class's named parts of the message (index, length,
	// template name, column, value...).
	Captures map[string]string
}

// rule recognises one class from a message.
type rule struct {
	class   Class
	pattern *regexp.Regexp
}

// rules are tried in order on every message of the error, innermost of the
// chain first; the first match wins.
var rules = []rule{
	{ClassNilPointer, regexp.MustCompile(`invalid memory address or nil pointer dereference`)},
	{ClassNilMap, regexp.MustCompile(`assignment to entry in nil map`)},
	{ClassIndexRange, regexp.MustCompile(`index out of range \[(?P<index>-?\d+)\](?: with length (?P<length>\d+))?`)},
	{ClassSliceBounds, regexp.MustCompile(`slice bounds out of range \[(?P<bounds>[^\]]*)\](?: with (?P<limit>length|capacity) (?P<length>\d+))?`)},
	// Go before 1.13 gave neither the index nor the bounds.
	{ClassIndexRange, regexp.MustCompile(`runtime error: index out of range\s*$`)},
	{ClassSliceBounds, regexp.MustCompile(`runtime error: slice bounds out of range\s*$`)},
	{ClassTypeAssertion, regexp.MustCompile(`interface conversion: (?P<iface>.+?) is (?P<actual>.+?), not (?P<want>.+?)(?: \((?P<twins>types from different (?:packages|scopes))\))?$`)},
	{ClassTypeAssertion, regexp.MustCompile(`interface conversion: (?P<actual>.+?) is not (?P<want>.+?): missing method (?P<method>\w+)`)},
	{ClassDivideByZero, regexp.MustCompile(`integer divide by zero`)},
	{ClassSendClosed, regexp.MustCompile(`send on closed channel`)},
	{ClassCloseClosed, regexp.MustCompile(`close of closed channel`)},
	{ClassCloseNil, regexp.MustCompile(`close of nil channel`)},
	{ClassNegativeWG, regexp.MustCompile(`negative WaitGroup counter`)},
	{ClassStackOverflow, regexp.MustCompile(`stack overflow|goroutine stack exceeds`)},
	{ClassConcurrentMap, regexp.MustCompile(`concurrent map (?:writes|read and map write|iteration and map write)`)},
	{ClassDeadlock, regexp.MustCompile(`all goroutines are asleep - deadlock`)},
	{ClassDataRace, regexp.MustCompile(`^WARNING: DATA RACE`)},
	{ClassTestTimeout, regexp.MustCompile(`(?s)^panic: test timed out after (?P<after>\S+)(?:\s+running tests:\s*(?P<tests>.*))?`)},
	{ClassUnexpectedSignal, regexp.MustCompile(`unexpected signal during runtime execution(?:\s*\[signal (?P<signal>[^\]]*?)\s+code=\S+\s+addr=(?P<addr>0x[0-9a-fA-F]+))?`)},

	{ClassTemplateNil, regexp.MustCompile(`(?:^|: )(?:html/)?template: (?P<tname>[^:]+):(?P<tline>\d+):(?P<tcol>\d+): executing "[^"]*" at <(?P<action>[^>]*)>: nil pointer evaluating (?P<type>\S+)\.(?P<field>\w+)`)},
	{ClassTemplateField, regexp.MustCompile(`(?:^|: )(?:html/)?template: (?P<tname>[^:]+):(?P<tline>\d+):(?P<tcol>\d+): executing "[^"]*" at <(?P<action>[^>]*)>: can't evaluate field (?P<field>\w+) in type (?P<type>\S+)`)},
	{ClassTemplateNoKey, regexp.MustCompile(`(?:^|: )(?:html/)?template: (?P<tname>[^:]+):(?P<tline>\d+):(?P<tcol>\d+): executing "[^"]*" at <(?P<action>[^>]*)>: map has no entry for key "(?P<key>[^"]*)"`)},
	{ClassTemplateUndef, regexp.MustCompile(`(?:^|: )(?:html/)?template: (?P<tname>[^:]+):(?P<tline>\d+):(?P<tcol>\d+): executing "[^"]*" at <[^>]*>: template "(?P<missing>[^"]*)" not defined`)},
	{ClassTemplateUndef, regexp.MustCompile(`html/template: "(?P<missing>[^"]*)" is undefined`)},
	{ClassTemplateUndef, regexp.MustCompile(`template: no template "(?P<missing>[^"]*)" associated with template "(?P<tname>[^"]*)"`)},
	{ClassTemplateUndef, regexp.MustCompile(`html/template: no such template "(?P<missing>[^"]*)"`)},
	{ClassTemplateUndef, regexp.MustCompile(`html/template: (?:cannot Execute|.*?) ?"(?P<missing>[^"]*)" is (?:an incomplete or empty template|undefined)`)},
	{ClassTemplateUndef, regexp.MustCompile("template: pattern matches no files: `?(?P<pattern>[^`]+)`?")},
	{ClassTemplateFunc, regexp.MustCompile(`template: (?P<tname>[^:]+):(?P<tline>\d+): function "(?P<fn>[^"]+)" not defined`)},
	{ClassTemplateExec, regexp.MustCompile(`(?:^|: )(?:html/)?template: (?P<tname>[^:]+):(?P<tline>\d+):(?P<tcol>\d+): executing "[^"]*" at <(?P<action>[^>]*)>: (?P<detail>.*)`)},
	{ClassTemplateParse, regexp.MustCompile(`(?:^|: )(?:html/)?template: ?(?P<tname>[^:]+):(?P<tline>\d+):(?:\d+:)? ?(?P<detail>.*)`)},

	{ClassNoRows, regexp.MustCompile(`sql: no rows in result set`)},
	{ClassNoSuchColumn, regexp.MustCompile(`no such column: (?P<column>[\w.]+)`)},
	{ClassNoSuchTable, regexp.MustCompile(`no such table: (?P<table>[\w.]+)`)},
	// PostgreSQL (lib/pq, pgx) and MySQL name a missing column or table
	// in their own words.
	{ClassNoSuchColumn, regexp.MustCompile(`\bcolumn (?:"(?P<column>[^"]+)"|(?P<column>[\w.]+)) (?:of relation "(?P<table>[^"]+)" )?does not exist`)},
	{ClassNoSuchTable, regexp.MustCompile(`\brelation "(?P<table>[^"]+)" does not exist`)},
	{ClassNoSuchColumn, regexp.MustCompile(`Unknown column '(?P<column>[^']+)'(?: in '(?P<clause>[^']+)')?`)},
	{ClassNoSuchTable, regexp.MustCompile(`Table '(?P<table>[^']+)' doesn't exist`)},
	{ClassNotNull, regexp.MustCompile(`NOT NULL constraint failed: (?P<table>\w+)\.(?P<column>\w+)`)},
	{ClassUnique, regexp.MustCompile(`UNIQUE constraint failed: (?P<table>\w+)\.(?P<column>\w+)`)},
	// PostgreSQL (lib/pq, pgx; its detail names the column) and MySQL.
	{ClassUnique, regexp.MustCompile(`duplicate key value violates unique constraint "(?P<constraint>[^"]+)"(?:.*?\bKey \((?P<column>[^)=]+)\)=)?`)},
	{ClassUnique, regexp.MustCompile(`Duplicate entry '(?:[^'\\]|\\.)*' for key '(?:(?P<table>\w+)\.)?(?P<constraint>[^']+)'`)},
	{ClassForeignKey, regexp.MustCompile(`FOREIGN KEY constraint failed`)},
	{ClassCheck, regexp.MustCompile(`CHECK constraint failed: ?(?P<check>\S*)`)},
	// PostgreSQL's (lib/pq, pgx) and MySQL's wording of the same
	// integrity errors; a parent's row deleted or updated while children
	// refer to it is marked by the parent capture.
	{ClassForeignKey, regexp.MustCompile(`insert or update on table "(?P<table>[^"]+)" violates foreign key constraint "(?P<constraint>[^"]+)"`)},
	{ClassForeignKey, regexp.MustCompile(`update or delete on table "(?P<parent>[^"]+)" violates foreign key constraint "(?P<constraint>[^"]+)" on table "(?P<table>[^"]+)"`)},
	{ClassNotNull, regexp.MustCompile(`null value in column "(?P<column>[^"]+)"(?: of relation "(?P<table>[^"]+)")? violates not-null constraint`)},
	{ClassCheck, regexp.MustCompile(`new row for relation "(?P<table>[^"]+)" violates check constraint "(?P<check>[^"]+)"`)},
	{ClassForeignKey, regexp.MustCompile("Cannot add or update a child row: a foreign key constraint fails \\((?:`[^`]+`\\.)?`(?P<table>[^`]+)`, CONSTRAINT `(?P<constraint>[^`]+)` FOREIGN KEY \\(`(?P<column>[^`]+)`\\) REFERENCES `(?P<references>[^`]+)`")},
	{ClassForeignKey, regexp.MustCompile("Cannot delete or update a parent row: a foreign key constraint fails \\((?:`[^`]+`\\.)?`(?P<table>[^`]+)`, CONSTRAINT `(?P<constraint>[^`]+)` FOREIGN KEY \\(`(?P<column>[^`]+)`\\) REFERENCES `(?P<parent>[^`]+)`")},
	{ClassNotNull, regexp.MustCompile(`(?:Column|Field) '(?P<column>[^']+)' (?:cannot be null|doesn't have a default value)`)},
	{ClassCheck, regexp.MustCompile(`Check constraint '(?P<check>[^']+)' is violated`)},
	{ClassSQLSyntax, regexp.MustCompile(`near "(?P<near>[^"]*)": syntax error`)},
	// PostgreSQL (SQLSTATE 42601) and MySQL (error 1064) word it otherwise.
	{ClassSQLSyntax, regexp.MustCompile(`syntax error at or near "(?P<near>[^"]*)"`)},
	{ClassSQLSyntax, regexp.MustCompile(`syntax error at end of input`)},
	{ClassSQLSyntax, regexp.MustCompile(`You have an error in your SQL syntax;[^\n]*? near '(?P<near>\S*)`)},
	{ClassSQLScan, regexp.MustCompile(`sql: (?:Scan error on column index (?P<col>\d+), name "(?P<column>[^"]*)": (?P<detail>.*)|expected (?P<want>\d+) destination arguments in Scan, not (?P<got>\d+))`)},

	{ClassStrconvSyntax, regexp.MustCompile(`strconv\.(?P<fn>\w+): parsing "(?P<value>[^"]*)": invalid syntax`)},
	{ClassStrconvRange, regexp.MustCompile(`strconv\.(?P<fn>\w+): parsing "(?P<value>[^"]*)": value out of range`)},

	{ClassJSONType, regexp.MustCompile(`json: cannot unmarshal (?P<got>\w+) into Go (?:struct field (?P<field>\S+)|value) of type (?P<want>\S+)`)},
	// echo's Bind reports the same mismatch in its own words.
	{ClassJSONType, regexp.MustCompile(`Unmarshal type error: expected=(?P<want>[^,\s]+), got=(?P<got>[^,\s]+), field=(?P<field>[^,\s]+)`)},
	{ClassJSONEncode, regexp.MustCompile(`json: unsupported (?P<what>value|type): (?P<detail>[^\n]+)`)},
	{ClassJSONUnknownField, regexp.MustCompile(`json: unknown field "(?P<field>[^"]*)"`)},
	{ClassJSONValue, regexp.MustCompile(`\b(?P<type>[A-Z]\w*)\.UnmarshalJSON: (?P<detail>[^\n]+)`)},
	{ClassJSONSyntax, regexp.MustCompile(`invalid character '(?P<char>.+?)' (?P<where>[^\n]*)|unexpected end of JSON input`)},
	{ClassUnexpectedEOF, regexp.MustCompile(`\bunexpected EOF\b`)},

	{ClassDBClosed, regexp.MustCompile(`\bsql: database is closed\b`)},
	{ClassFileNotFound, regexp.MustCompile(`\b(?P<op>open|stat|lstat|readlink|remove|rename|chdir|mkdir|readdir|opendir) (?P<path>[^:\n]+): (?:no such file or directory|The system cannot find the (?:file|path) specified\.?)`)},
	{ClassFilePermission, regexp.MustCompile(`\b(?P<op>open|stat|lstat|remove|rename|mkdir|readdir|opendir) (?P<path>[^:\n]+): (?:permission denied|Access is denied\.?)`)},
	{ClassConnRefused, regexp.MustCompile(`dial (?P<network>tcp[46]?|unix) (?P<addr>\S+?): connect: connection refused`)},
	{ClassStmtCanceled, regexp.MustCompile(`canceling statement due to (?P<reason>user request|statement timeout)`)},
	{ClassDeadline, regexp.MustCompile(`context deadline exceeded`)},
	{ClassCanceled, regexp.MustCompile(`context canceled`)},

	{ClassMultipleRows, regexp.MustCompile(`(?i)\b(?:several|multiple|more than one|too many) rows\b`)},
	{ClassNotFound, regexp.MustCompile(`(?i)\bnot found\b`)},
}

// reRecoveredNote matches the note the runtime adds to a panic that was
// recovered and raised again.
var reRecoveredNote = regexp.MustCompile(` \[recovered(?:, repanicked)?\]\s*$`)

// messages returns the messages of e worth classifying, innermost of the
// chain first, then the error's own message.
func messages(e report.Error) []string {
	out := make([]string, 0, len(e.Chain)+2)
	for i := len(e.Chain) - 1; i >= 0; i-- {
		out = append(out, e.Chain[i])
	}
	if first, _, more := strings.Cut(e.Message, "\n"); more && e.Kind == report.KindCrash && reRecoveredNote.MatchString(first) {
		// The trace shows the first panic; the one after "[recovered]"
		// was raised by the code that recovered it.
		out = append(out, reRecoveredNote.ReplaceAllString(strings.TrimSpace(first), ""))
	}
	return append(out, e.Message)
}

// classify recognises the failure of r's error.
func classify(e report.Error) failure {
	for _, msg := range messages(e) {
		for _, r := range rules {
			m := r.pattern.FindStringSubmatch(msg)
			if m == nil {
				continue
			}
			caps := map[string]string{}
			for i, name := range r.pattern.SubexpNames() {
				if name != "" && m[i] != "" {
					caps[name] = m[i]
				}
			}
			addDatabaseCaptures(caps, e.Database)
			return failure{Class: r.class, Message: msg, Captures: caps}
		}
	}
	if f, ok := classifyByCode(e); ok {
		return f
	}
	if e.Kind == report.KindPanic && (e.Type == "string" || strings.HasPrefix(e.Type, "*errors.") || e.Type == "error") {
		return failure{Class: ClassDeliberatePanic, Message: e.Message}
	}
	return failure{Class: ClassUnknown, Message: e.Message}
}
