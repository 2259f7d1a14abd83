package failureclass

// Class names a kind of failure the offline analyzer recognises.
type Class string

// The failure classes. Unknown is an error the analyzer can only
// restate.
const (
	NilPointer       Class = "nil-pointer"
	NilFunc          Class = "nil-func-call"
	NilMap           Class = "nil-map"
	IndexRange       Class = "index-out-of-range"
	SliceBounds      Class = "slice-bounds"
	TypeAssertion    Class = "interface-conversion"
	DivideByZero     Class = "divide-by-zero"
	SendClosed       Class = "send-on-closed-channel"
	CloseClosed      Class = "close-of-closed-channel"
	CloseNil         Class = "close-of-nil-channel"
	NegativeWG       Class = "negative-waitgroup"
	StackOverflow    Class = "stack-overflow"
	ConcurrentMap    Class = "concurrent-map-access"
	Deadlock         Class = "deadlock"
	UnexpectedSignal Class = "unexpected-signal"
	DataRace         Class = "data-race"
	TestTimeout      Class = "test-timeout"
	TemplateUndef    Class = "template-undefined"
	TemplateFunc     Class = "template-function-undefined"
	TemplateParse    Class = "template-parse"
	TemplateNoKey    Class = "template-missing-key"
	TemplateField    Class = "template-field"
	TemplateNil      Class = "template-nil-pointer"
	TemplateExec     Class = "template-exec"
	TemplateEscape   Class = "template-escape"
	NoRows           Class = "sql-no-rows"
	NoSuchColumn     Class = "sql-no-such-column"
	NoSuchTable      Class = "sql-no-such-table"
	NoSuchFunction   Class = "sql-no-such-function"
	NotNull          Class = "constraint-not-null"
	Unique           Class = "constraint-unique"
	ForeignKey       Class = "constraint-foreign-key"
	Check            Class = "constraint-check"
	EnumValue        Class = "constraint-enum-value"
	ValueType        Class = "sql-value-type"
	ValueTooLong     Class = "sql-value-too-long"
	ArgumentType     Class = "sql-argument-type"
	ValuerResult     Class = "sql-valuer-result"
	ORMRelation      Class = "orm-relation"
	MissingWhere     Class = "orm-missing-where"
	SQLSyntax        Class = "sql-syntax"
	SQLScan          Class = "sql-scan"
	StrconvSyntax    Class = "strconv-syntax"
	StrconvRange     Class = "strconv-range"
	JSONSyntax       Class = "json-syntax"
	JSONType         Class = "json-unmarshal-type"
	JSONUnknownField Class = "json-unknown-field"
	JSONValue        Class = "json-value-rejected"
	JSONEncode       Class = "json-unsupported-value"
	UnexpectedEOF    Class = "unexpected-eof"
	NotFound         Class = "not-found-as-error"
	MultipleRows     Class = "multiple-rows"
	ConnRefused      Class = "connection-refused"
	DBSignIn         Class = "database-sign-in-refused"
	DBClosed         Class = "database-closed"
	FileNotFound     Class = "file-not-found"
	RejectedInput    Class = "rejected-input"
	FilePermission   Class = "file-permission"
	Deadline         Class = "context-deadline-exceeded"
	Canceled         Class = "context-canceled"
	StmtCanceled     Class = "sql-statement-canceled"
	InputName        Class = "input-name-mismatch"
	EmptySetting     Class = "empty-setting"
	DeliberatePanic  Class = "deliberate-panic"
	LostSentinel     Class = "sentinel-wrapped-without-w"
	Recovered        Class = "recovered-value-unknown"
	Unknown          Class = "unknown"
)

// Failure is a recognised error: its class and the facts its message gives.
type Failure struct {
	Class Class
	// Message is the message the class was recognised in (the error's own
	// message or one from its chain).
	Message string
	// Captures are the class's named parts of the message (index, length,
	// template name, column, value...).
	Captures map[string]string
}
