package failureclass

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// rule recognises one class from a message.
type rule struct {
	class   Class
	pattern *regexp.Regexp
}

// rules are tried in order on every message of the error, innermost of the
// chain first; the first match wins.
var rules = []rule{
	{NilPointer, regexp.MustCompile(`invalid memory address or nil pointer dereference`)},
	{NilMap, regexp.MustCompile(`assignment to entry in nil map`)},
	{IndexRange, regexp.MustCompile(`index out of range \[(?P<index>-?\d+)\](?: with length (?P<length>\d+))?`)},
	{SliceBounds, regexp.MustCompile(`slice bounds out of range \[(?P<bounds>[^\]]*)\](?: with (?P<limit>length|capacity) (?P<length>\d+))?`)},
	// Go before 1.13 gave neither the index nor the bounds.
	{IndexRange, regexp.MustCompile(`runtime error: index out of range\s*$`)},
	{SliceBounds, regexp.MustCompile(`runtime error: slice bounds out of range\s*$`)},
	{TypeAssertion, regexp.MustCompile(`interface conversion: (?P<iface>.+?) is (?P<actual>.+?), not (?P<want>.+?)(?: \((?P<twins>types from different (?:packages|scopes))\))?$`)},
	{TypeAssertion, regexp.MustCompile(`interface conversion: (?P<actual>.+?) is not (?P<want>.+?): missing method (?P<method>\w+)`)},
	{DivideByZero, regexp.MustCompile(`integer divide by zero`)},
	{SendClosed, regexp.MustCompile(`send on closed channel`)},
	{CloseClosed, regexp.MustCompile(`close of closed channel`)},
	{CloseNil, regexp.MustCompile(`close of nil channel`)},
	{NegativeWG, regexp.MustCompile(`negative WaitGroup counter`)},
	{StackOverflow, regexp.MustCompile(`stack overflow|goroutine stack exceeds`)},
	{ConcurrentMap, regexp.MustCompile(`concurrent map (?:writes|read and map write|iteration and map write)`)},
	{Deadlock, regexp.MustCompile(`all goroutines are asleep - deadlock`)},
	{DataRace, regexp.MustCompile(`^WARNING: DATA RACE`)},
	{TestTimeout, regexp.MustCompile(`(?s)^panic: test timed out after (?P<after>\S+)(?:\s+running tests:\s*(?P<tests>.*))?`)},
	{UnexpectedSignal, regexp.MustCompile(`unexpected signal during runtime execution(?:\s*\[signal (?P<signal>[^\]]*?)\s+code=\S+\s+addr=(?P<addr>0x[0-9a-fA-F]+))?`)},

	{TemplateNil, regexp.MustCompile(`(?:^|: )(?:html/)?template: (?P<tname>[^:]*):(?P<tline>\d+):(?P<tcol>\d+): executing "[^"]*" at <(?P<action>[^>]*)>: nil pointer evaluating (?P<type>\S+)\.(?P<field>\w+)`)},
	{TemplateField, regexp.MustCompile(`(?:^|: )(?:html/)?template: (?P<tname>[^:]*):(?P<tline>\d+):(?P<tcol>\d+): executing "[^"]*" at <(?P<action>[^>]*)>: can't evaluate field (?P<field>\w+) in type (?P<type>\S+)`)},
	{TemplateNoKey, regexp.MustCompile(`(?:^|: )(?:html/)?template: (?P<tname>[^:]*):(?P<tline>\d+):(?P<tcol>\d+): executing "[^"]*" at <(?P<action>[^>]*)>: map has no entry for key "(?P<key>[^"]*)"`)},
	{TemplateUndef, regexp.MustCompile(`(?:^|: )(?:html/)?template: (?P<tname>[^:]*):(?P<tline>\d+):(?P<tcol>\d+): executing "[^"]*" at <[^>]*>: template "(?P<missing>[^"]*)" not defined`)},
	{TemplateUndef, regexp.MustCompile(`html/template: "(?P<missing>[^"]*)" is undefined`)},
	{TemplateUndef, regexp.MustCompile(`template: no template "(?P<missing>[^"]*)" associated with template "(?P<tname>[^"]*)"`)},
	{TemplateUndef, regexp.MustCompile(`html/template: ?(?:(?P<tname>[^:\s]+):(?P<tline>\d+):\d+: )?no such template "(?P<missing>[^"]*)"`)},
	{TemplateUndef, regexp.MustCompile(`html/template: (?:cannot Execute|.*?) ?"(?P<missing>[^"]*)" is (?:an incomplete or empty template|undefined)`)},
	{TemplateUndef, regexp.MustCompile("template: pattern matches no files: `?(?P<pattern>[^`]+)`?")},
	{TemplateFunc, regexp.MustCompile(`template: (?P<tname>[^:]+):(?P<tline>\d+): function "(?P<fn>[^"]+)" not defined`)},
	{TemplateExec, regexp.MustCompile(`(?:^|: )(?:html/)?template: (?P<tname>[^:]*):(?P<tline>\d+):(?P<tcol>\d+): executing "[^"]*" at <(?P<action>[^>]*)>: (?P<detail>.*)`)},
	// html/template's escaper, which runs when a template is first
	// executed, after it parsed: the phrases of its errors (html/template's
	// error.go) in its "html/template:NAME:LINE:COL: …" form.
	{TemplateEscape, regexp.MustCompile(`html/template: ?(?P<tname>[^:\s]+):(?P<tline>\d+):(?:\d+:)? ?(?P<detail>.*(?:branches end in different contexts|ends in a non-text context|appears in an ambiguous context|in unquoted attr|in attribute name|on range loop re-entry|could start a division or regexp|unfinished escape sequence|unfinished JS regexp charset|predefined escaper|cannot compute output context|in a JS template literal).*)`)},
	{TemplateParse, regexp.MustCompile(`(?:^|: )(?:html/)?template: ?(?P<tname>[^:]+):(?P<tline>\d+):(?:\d+:)? ?(?P<detail>.*)`)},

	{NoRows, regexp.MustCompile(`(?:^|sql: |: )no rows in result set`)},
	{NoSuchColumn, regexp.MustCompile(`no such column: (?P<column>[\w.]+)`)},
	{NoSuchTable, regexp.MustCompile(`no such table: (?P<table>[\w.]+)`)},
	// An SQL function the database lacks: SQLite's, PostgreSQL's (42883)
	// and MySQL's (1305) wording.
	{NoSuchFunction, regexp.MustCompile(`no such function: (?P<function>\w+)|function (?:\w+\.)?(?P<function>\w+)\([^)]*\) does not exist|FUNCTION (?:\w+\.)?(?P<function>\w+) does not exist`)},
	// SQLite's wording for an INSERT or UPDATE that names a column the
	// table does not have.
	{NoSuchColumn, regexp.MustCompile(`\btable (?P<table>\w+) has no column named (?P<column>\w+)`)},
	// PostgreSQL (lib/pq, pgx) and MySQL name a missing column or table
	// in their own words.
	{NoSuchColumn, regexp.MustCompile(`\bcolumn (?:"(?P<column>[^"]+)"|(?P<column>[\w.]+)) (?:of relation "(?P<table>[^"]+)" )?does not exist`)},
	{NoSuchTable, regexp.MustCompile(`\brelation "(?P<table>[^"]+)" does not exist`)},
	// PostgreSQL (42P01): a qualifier no table or alias of the FROM
	// clause has (session.token where the query reads FROM sessions).
	{NoSuchTable, regexp.MustCompile(`missing FROM-clause entry for table "(?P<table>[^"]+)"`)},
	{NoSuchColumn, regexp.MustCompile(`Unknown column '(?P<column>[^']+)'(?: in '(?P<clause>[^']+)')?`)},
	// ent checks the columns a query orders or selects by against its
	// schema before it builds the SQL.
	// (A JSON body escapes its quotes.)
	{NoSuchColumn, regexp.MustCompile(`\bunknown column \\?"(?P<column>\w+)\\?" for table \\?"(?P<table>\w+)\\?"`)},
	{NoSuchTable, regexp.MustCompile(`Table '(?P<table>[^']+)' doesn't exist`)},
	{NotNull, regexp.MustCompile(`NOT NULL constraint failed: (?P<table>\w+)\.(?P<column>\w+)`)},
	{Unique, regexp.MustCompile(`UNIQUE constraint failed: (?P<table>\w+)\.(?P<column>\w+)`)},
	// PostgreSQL (lib/pq, pgx; its detail names the column) and MySQL.
	{Unique, regexp.MustCompile(`duplicate key value violates unique constraint "(?P<constraint>[^"]+)"(?:.*?\bKey \((?P<column>[^)=]+)\)=)?`)},
	{Unique, regexp.MustCompile(`Duplicate entry '(?:[^'\\]|\\.)*' for key '(?:(?P<table>\w+)\.)?(?P<constraint>[^']+)'`)},
	{ForeignKey, regexp.MustCompile(`FOREIGN KEY constraint failed`)},
	{Check, regexp.MustCompile(`CHECK constraint failed: ?(?P<check>\S*)`)},
	// PostgreSQL's (lib/pq, pgx) and MySQL's wording of the same
	// integrity errors; a parent's row deleted or updated while children
	// refer to it is marked by the parent capture.
	{ForeignKey, regexp.MustCompile(`insert or update on table "(?P<table>[^"]+)" violates foreign key constraint "(?P<constraint>[^"]+)"`)},
	{ForeignKey, regexp.MustCompile(`update or delete on table "(?P<parent>[^"]+)" violates foreign key constraint "(?P<constraint>[^"]+)" on table "(?P<table>[^"]+)"`)},
	{NotNull, regexp.MustCompile(`null value in column "(?P<column>[^"]+)"(?: of relation "(?P<table>[^"]+)")? violates not-null constraint`)},
	{Check, regexp.MustCompile(`new row for relation "(?P<table>[^"]+)" violates check constraint "(?P<check>[^"]+)"`)},
	{ForeignKey, regexp.MustCompile("Cannot add or update a child row: a foreign key constraint fails \\((?:`[^`]+`\\.)?`(?P<table>[^`]+)`, CONSTRAINT `(?P<constraint>[^`]+)` FOREIGN KEY \\(`(?P<column>[^`]+)`\\) REFERENCES `(?P<references>[^`]+)`")},
	{ForeignKey, regexp.MustCompile("Cannot delete or update a parent row: a foreign key constraint fails \\((?:`[^`]+`\\.)?`(?P<table>[^`]+)`, CONSTRAINT `(?P<constraint>[^`]+)` FOREIGN KEY \\(`(?P<column>[^`]+)`\\) REFERENCES `(?P<parent>[^`]+)`")},
	{NotNull, regexp.MustCompile(`(?:Column|Field) '(?P<column>[^']+)' (?:cannot be null|doesn't have a default value)`)},
	{Check, regexp.MustCompile(`Check constraint '(?P<check>[^']+)' is violated`)},
	// PostgreSQL: a value an enum type does not list (SQLSTATE 22P02).
	{EnumValue, regexp.MustCompile(`invalid input value for enum (?P<enum>\w+): "(?P<value>[^"]*)"`)},
	// PostgreSQL: a value a column's type cannot read (SQLSTATE 22P02,
	// 22007, 22008); MySQL's words for the same.
	// database/sql refusing a statement's argument of a type no driver
	// takes (a struct, a slice) that is no driver.Valuer.
	{ArgumentType, regexp.MustCompile(`converting argument \$?(?P<arg>\d+) type: unsupported type (?P<type>[\w.\[\]*]+), a (?P<kind>\w+)`)},
	// A driver.Valuer whose Value returns what no driver takes (the value
	// itself, a struct).
	{ValuerResult, regexp.MustCompile(`converting argument \$?(?P<arg>\d+) type: non-Value type (?P<type>[\w.\[\]*]+) returned from Value`)},
	// gorm: a relation named to Preload or Joins that the model's struct
	// does not declare.
	{ORMRelation, regexp.MustCompile(`(?P<relation>[\w.]+): unsupported relations for schema (?P<model>\w+)`)},
	{ValueType, regexp.MustCompile(`invalid input syntax for (?:type )?(?P<type>[\w ]+?): "(?P<value>[^"]*)"`)},
	{ValueType, regexp.MustCompile(`Incorrect (?P<type>\w+) value: '(?P<value>[^']*)' for column '(?P<column>[^']+)'`)},
	// A value longer than its column's declared length: PostgreSQL's
	// wording (SQLSTATE 22001) names the type and length, MySQL's (1406)
	// and SQL Server's the column.
	{ValueTooLong, valueTooLongPG},
	{ValueTooLong, regexp.MustCompile(`Data too long for column '(?P<column>[^']+)'`)},
	{ValueTooLong, regexp.MustCompile(`String or binary data would be truncated(?: in table '(?:[^']*\.)?(?P<table>[^'.]+)', column '(?P<column>[^']+)')?`)},
	// gorm's translated errors (TranslateError), which name neither the
	// table nor the constraint: the driver's own error is gone.
	{Unique, regexp.MustCompile(`(?:^|: )duplicated key not allowed$`)},
	{ForeignKey, regexp.MustCompile(`(?:^|: )violates foreign key constraint$`)},
	{Check, regexp.MustCompile(`(?:^|: )violates check constraint$`)},
	{SQLSyntax, regexp.MustCompile(`near "(?P<near>[^"]*)": syntax error`)},
	// PostgreSQL (SQLSTATE 42601) and MySQL (error 1064) word it otherwise.
	{SQLSyntax, regexp.MustCompile(`syntax error at or near "(?P<near>[^"]*)"`)},
	{SQLSyntax, regexp.MustCompile(`syntax error at end of input`)},
	{SQLSyntax, regexp.MustCompile(`You have an error in your SQL syntax;[^\n]*? near '(?P<near>\S*)`)},
	{SQLScan, regexp.MustCompile(`sql: (?:Scan error on column index (?P<col>\d+), name "(?P<column>[^"]*)": (?P<detail>.*)|expected (?P<want>\d+) destination arguments in Scan, not (?P<got>\d+))`)},
	// pgx: the row's columns against Scan's destinations.
	{SQLScan, regexp.MustCompile(`number of field descriptions must equal number of destinations, got (?P<want>\d+) and (?P<got>\d+)`)},
	// sqlx: a column of the result no field of the struct is tagged with.
	{SQLScan, regexp.MustCompile(`missing destination name (?P<column>\w+) in (?P<type>\*?(?:\[\])?\*?[\w.]+)`)},

	{StrconvSyntax, regexp.MustCompile(`strconv\.(?P<fn>\w+): parsing "(?P<value>[^"]*)": invalid syntax`)},
	{StrconvRange, regexp.MustCompile(`strconv\.(?P<fn>\w+): parsing "(?P<value>[^"]*)": value out of range`)},

	{JSONType, regexp.MustCompile(`json: cannot unmarshal (?P<got>\w+) into Go (?:struct field (?P<field>\S+)|value) of type (?P<want>\S+)`)},
	// echo's Bind reports the same mismatch in its own words.
	{JSONType, regexp.MustCompile(`Unmarshal type error: expected=(?P<want>[^,\s]+), got=(?P<got>[^,\s]+), field=(?P<field>[^,\s]+)`)},
	{JSONEncode, regexp.MustCompile(`json: unsupported (?P<what>value|type): (?P<detail>[^\n]+)`)},
	{JSONUnknownField, regexp.MustCompile(`json: unknown field "(?P<field>[^"]*)"`)},
	{JSONValue, regexp.MustCompile(`\b(?P<type>[A-Z]\w*)\.UnmarshalJSON: (?P<detail>[^\n]+)`)},
	{JSONSyntax, regexp.MustCompile(`invalid character '(?P<char>.+?)' (?P<where>[^\n]*)|unexpected end of JSON input`)},
	{UnexpectedEOF, regexp.MustCompile(`\bunexpected EOF\b`)},

	{DBClosed, regexp.MustCompile(`\bsql: database is closed\b`)},
	{FileNotFound, regexp.MustCompile(`\b(?P<op>open|stat|lstat|readlink|remove|rename|chdir|mkdir|readdir|opendir) (?P<path>[^:\n]+): (?:no such file or directory|The system cannot find the (?:file|path) specified\.?)`)},
	{FilePermission, regexp.MustCompile(`\b(?P<op>open|stat|lstat|remove|rename|mkdir|readdir|opendir) (?P<path>[^:\n]+): (?:permission denied|Access is denied\.?)`)},
	// A database that refused the connection's sign-in: its user, its
	// password, the database named or the host it came from
	// (PostgreSQL's SQLSTATE 28000, 28P01 and 3D000; MySQL's 1045 and
	// 1049). what is the setting the message is about.
	{DBSignIn, regexp.MustCompile(`no PostgreSQL (?P<what>user) name specified in startup packet`)},
	{DBSignIn, regexp.MustCompile(`(?P<what>password) authentication failed for user "(?P<user>[^"]*)"`)},
	{DBSignIn, regexp.MustCompile(`\brole "(?P<user>[^"]*)" does not exist`)},
	{DBSignIn, regexp.MustCompile(`\b(?P<what>database) "(?P<database>[^"]*)" does not exist`)},
	{DBSignIn, regexp.MustCompile(`no pg_hba\.conf entry for (?P<what>host) "(?P<host>[^"]*)", user "(?P<user>[^"]*)", database "(?P<database>[^"]*)"`)},
	{DBSignIn, regexp.MustCompile(`Access denied for user '(?P<user>[^']*)'@'(?P<host>[^']*)'(?: \(using (?P<what>password): (?:YES|NO)\))?`)},
	{DBSignIn, regexp.MustCompile(`Unknown (?P<what>database) '(?P<database>[^']*)'`)},
	{ConnRefused, regexp.MustCompile(`dial (?P<network>tcp[46]?|unix) (?P<addr>\S+?): connect: connection refused`)},
	{StmtCanceled, regexp.MustCompile(`canceling statement due to (?P<reason>user request|statement timeout)`)},
	{Deadline, regexp.MustCompile(`context deadline exceeded`)},
	{Canceled, regexp.MustCompile(`context canceled`)},

	// gorm refuses a Delete or an Update whose value has no primary key
	// and that has no condition of its own (gorm.ErrMissingWhereClause).
	{MissingWhere, regexp.MustCompile(`\bWHERE conditions required\b`)},
	{MultipleRows, regexp.MustCompile(`(?i)\b(?:several|multiple|more than one|too many) rows\b`)},
	{NotFound, regexp.MustCompile(`(?i)\bnot found\b|\b(?:returned|found|got) (?:0|no|zero) (?:results|rows|records|matches)\b`)},
}

// reRecoveredNote matches the note the runtime adds to a panic that was
// recovered and raised again.
var reRecoveredNote = regexp.MustCompile(` \[recovered(?:, repanicked)?\]\s*$`)

// Messages returns the messages of e worth classifying, innermost of the
// chain first, then the texts of a JSON body the message is (BodyTexts),
// then the error's own message.
func Messages(e report.Error) []string {
	out := make([]string, 0, len(e.Chain)+2)
	for i := len(e.Chain) - 1; i >= 0; i-- {
		out = append(out, e.Chain[i])
	}
	if first, _, more := strings.Cut(e.Message, "\n"); more && e.Kind == report.KindCrash && reRecoveredNote.MatchString(first) {
		// The trace shows the first panic; the one after "[recovered]"
		// was raised by the code that recovered it.
		out = append(out, reRecoveredNote.ReplaceAllString(strings.TrimSpace(first), ""))
	}
	out = append(out, BodyTexts(e.Message)...)
	return append(out, e.Message)
}

// Classify recognises the failure of e: the first rule that matches one of
// its messages (innermost of the chain first), else its database error code,
// else a deliberate panic; Unknown when nothing does.
func Classify(e report.Error) Failure {
	for _, msg := range Messages(e) {
		msg = report.AnalysedText(msg)
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
			return Failure{Class: r.class, Message: msg, Captures: caps}
		}
	}
	if f, ok := classifyByCode(e); ok {
		return f
	}
	if e.Kind == report.KindPanic && (e.Type == "string" || strings.HasPrefix(e.Type, "*errors.") || e.Type == "error") {
		return Failure{Class: DeliberatePanic, Message: e.Message}
	}
	return Failure{Class: Unknown, Message: e.Message}
}

// valueTooLongPG is PostgreSQL's wording of a value longer than its
// column's declared length (SQLSTATE 22001): the type and the length.
var valueTooLongPG = regexp.MustCompile(`value too long for type (?P<type>character varying|character|bit varying|bit)\((?P<limit>\d+)\)`)

// TooLongLength returns the declared length PostgreSQL's value-too-long
// message in msg gives, "" when msg holds none.
func TooLongLength(msg string) string {
	if m := valueTooLongPG.FindStringSubmatch(msg); m != nil {
		return m[valueTooLongPG.SubexpIndex("limit")]
	}
	return ""
}
