package failureclass

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

func TestClassifyNamesTheClassAndItsCaptures(t *testing.T) {
	cases := []struct {
		err   report.Error
		class Class
		caps  map[string]string
	}{
		{report.Error{Kind: report.KindPanic, Message: "runtime error: index out of range [5] with length 3"}, IndexRange, map[string]string{"index": "5", "length": "3"}},
		{report.Error{Kind: report.KindError, Message: "create post: UNIQUE constraint failed: posts.slug"}, Unique, map[string]string{"table": "posts", "column": "slug"}},
		{report.Error{Kind: report.KindError, Message: "load: wrapped", Chain: []string{"load: wrapped", "sql: no rows in result set"}}, NoRows, nil},
		{report.Error{Kind: report.KindPanic, Type: "string", Message: "boom"}, DeliberatePanic, nil},
		{report.Error{Kind: report.KindError, Message: "something odd"}, Unknown, nil},
		// ent's check of a column against its schema, plain and as a JSON body quotes it.
		{report.Error{Kind: report.KindError, Message: `ent: unknown column "title" for table "feeds"`}, NoSuchColumn, map[string]string{"column": "title", "table": "feeds"}},
		{report.Error{Kind: report.KindStatus, Message: `{"message":"ent: unknown column \"title\" for table \"feeds\""}`}, NoSuchColumn, map[string]string{"column": "title", "table": "feeds"}},
		// html/template's missing template, with the place that asked for it.
		{report.Error{Kind: report.KindError, Message: `html/template:users.html:29:15: no such template "users_list"`}, TemplateUndef, map[string]string{"missing": "users_list", "tname": "users.html", "tline": "29"}},
		{report.Error{Kind: report.KindError, Message: `html/template: no such template "rows"`}, TemplateUndef, map[string]string{"missing": "rows"}},
		// sqlx's Select into a slice.
		{report.Error{Kind: report.KindError, Message: "list: missing destination name added_to_samples in *[]storage.DetectedSpamInfo"}, SQLScan, map[string]string{"column": "added_to_samples", "type": "*[]storage.DetectedSpamInfo"}},
		// A database that refused the sign-in, by the setting at fault.
		{report.Error{Kind: report.KindError, Message: "failed to connect to `user= database=notes`: server error (FATAL: no PostgreSQL user name specified in startup packet (SQLSTATE 28000))"}, DBSignIn, map[string]string{"what": "user"}},
		{report.Error{Kind: report.KindError, Message: `pq: password authentication failed for user "notes"`}, DBSignIn, map[string]string{"what": "password", "user": "notes"}},
		{report.Error{Kind: report.KindError, Message: `FATAL: role "app" does not exist (SQLSTATE 28000)`}, DBSignIn, map[string]string{"user": "app"}},
		{report.Error{Kind: report.KindError, Message: `pq: database "notes_dev" does not exist`}, DBSignIn, map[string]string{"what": "database", "database": "notes_dev"}},
		{report.Error{Kind: report.KindError, Message: "Error 1045 (28000): Access denied for user 'app'@'localhost' (using password: YES)"}, DBSignIn, map[string]string{"what": "password", "user": "app", "host": "localhost"}},
		{report.Error{Kind: report.KindError, Message: "Error 1049 (42000): Unknown database 'notes'"}, DBSignIn, map[string]string{"what": "database", "database": "notes"}},
		// SQLite's wording for an INSERT naming a column the table lacks.
		{report.Error{Kind: report.KindError, Message: "table folders has no column named expanded"}, NoSuchColumn, map[string]string{"table": "folders", "column": "expanded"}},
		// html/template's escaper, after the template parsed.
		{report.Error{Kind: report.KindError, Message: `html/template:settings.html:137:42: {{if}} branches end in different contexts: {stateTag delimNone}, {stateAttr delimDoubleQuote}`}, TemplateEscape, map[string]string{"tname": "settings.html", "tline": "137"}},
		{report.Error{Kind: report.KindError, Message: `html/template:page.html:12:9: unexpected "}" in operand`}, TemplateParse, map[string]string{"tname": "page.html"}},
		// An SQL function the database lacks, as SQLite, PostgreSQL and MySQL say it.
		{report.Error{Kind: report.KindError, Message: "no such function: FLOOR"}, NoSuchFunction, map[string]string{"function": "FLOOR"}},
		{report.Error{Kind: report.KindError, Message: "ERROR: function from_unixtime(integer) does not exist (SQLSTATE 42883)"}, NoSuchFunction, map[string]string{"function": "from_unixtime"}},
		{report.Error{Kind: report.KindError, Message: "Error 1305 (42000): FUNCTION notes.date_trunc does not exist"}, NoSuchFunction, map[string]string{"function": "date_trunc"}},
		// A sign-in refused with a code and no known wording.
		{report.Error{Kind: report.KindError, Message: "connect: FATAL: refused (SQLSTATE 28P01)"}, DBSignIn, nil},
	}
	for _, c := range cases {
		got := Classify(c.err)
		if got.Class != c.class {
			t.Errorf("Classify(%q) = %s, want %s", c.err.Message, got.Class, c.class)
		}
		for k, v := range c.caps {
			if got.Captures[k] != v {
				t.Errorf("Classify(%q) capture %s = %q, want %q", c.err.Message, k, got.Captures[k], v)
			}
		}
	}
}

func TestClassifyReadsADatabaseCodeNoWordingMatches(t *testing.T) {
	e := report.Error{Kind: report.KindError, Message: "insert: ERROR: bad things (SQLSTATE 23505)"}
	if got := Classify(e); got.Class != Unique {
		t.Errorf("Classify by SQLSTATE 23505 = %s, want %s", got.Class, Unique)
	}
}

func TestLoggedErrorPrefersARecognisedLine(t *testing.T) {
	r := &report.Report{Logs: []report.LogLine{
		{Text: "2026/11/30 12:00:00 load post: sql: no rows in result set"},
		{Text: "2026/11/30 12:00:01 request failed: something"},
		{Text: "2026/11/30 12:00:02 served in 3ms"},
	}}
	if got, want := LoggedError(r), "load post: sql: no rows in result set"; got != want {
		t.Errorf("LoggedError = %q, want %q", got, want)
	}
	r.Logs = r.Logs[1:]
	if got, want := LoggedError(r), "request failed: something"; got != want {
		t.Errorf("LoggedError without a recognised line = %q, want %q", got, want)
	}
	r.Logs = r.Logs[1:]
	if got := LoggedError(r); got != "" {
		t.Errorf("LoggedError with no error-looking line = %q, want empty", got)
	}
}

// TestLoggedErrorPassesOverARequestLoggersLine: a structured access line
// at an error level, after the line that reports the error, says only
// that the request failed: the error line is the one read.
func TestLoggedErrorPassesOverARequestLoggersLine(t *testing.T) {
	r := &report.Report{Logs: []report.LogLine{
		{Text: `{"level":"error","caller":"handlers/product.go:129","error":"disk quota exceeded","time":1796416597}`},
		{Text: `{"level":"error","ip":"127.0.0.1","latency":"10.03s","status":500,"method":"DELETE","url":"/api/products/7","time":1796416597,"message":"Server error"}`},
	}}
	if got := LoggedError(r); !strings.Contains(got, "disk quota exceeded") {
		t.Errorf("LoggedError = %q, want the line that carries the error", got)
	}
}

// TestLoggedErrorPrefersTheOneTheBodyCarries: a request that logged a
// recognised error it went on from (a lookup that found nothing) and
// then the error it answered with, which its JSON body carries: the
// line with the body's error is read.
func TestLoggedErrorPrefersTheOneTheBodyCarries(t *testing.T) {
	r := &report.Report{
		Error: report.Error{Message: `{"errors":{"body":"database is locked"}}`},
		Logs: []report.LogLine{
			{Text: "2026/12/04 23:40:26 /app/store/tags.go:85 record not found\n[0.017ms] [rows:0] SELECT * FROM `tags` WHERE `tag` = \"web\""},
			{Text: "2026/12/04 23:40:31 /app/store/tags.go:106 database is locked\n[5030.785ms] [rows:0] UPDATE `articles` SET `updated_at` = 1"},
			{Text: "2026/12/04 23:40:31 /app/store/tags.go:110 record not found"},
			{Text: "23:40:25 | 500 |  5.03s | 127.0.0.1 | PUT | /api/articles/hello | -"},
		},
	}
	if got := LoggedError(r); !strings.Contains(got, "database is locked") {
		t.Errorf("LoggedError = %q, want the line with the body's error", got)
	}
	r.Error.Message = `{"errors":{"body":"internal error"}}`
	if got := LoggedError(r); !strings.Contains(got, "tags.go:110 record not found") {
		t.Errorf("LoggedError with a body that says nothing = %q, want the last recognised line", got)
	}
}

// TestLoggedErrorBehindTheAnsweredOne: an API error logged at info level
// with the body's message as its error and the database's as its
// internal error: the line is read (it holds the body's text), and its
// message is the internal error.
func TestLoggedErrorBehindTheAnsweredOne(t *testing.T) {
	r := &report.Report{
		Error: report.Error{Message: `{"message":"Unable to query database. Check logs for details."}`},
		Logs: []report.LogLine{
			{Text: `level=INFO msg="API error response" error="Unable to query database. Check logs for details." internal_error="ERROR: column \"id\" does not exist (SQLSTATE 42703)"`},
			{Text: `level=INFO msg="503: Service Unavailable" request.method=GET request.path=/api/health response.status=503`},
		},
	}
	line := LoggedError(r)
	if got, want := LogMessage(line), `ERROR: column "id" does not exist (SQLSTATE 42703)`; got != want {
		t.Errorf("LogMessage(LoggedError) = %q, want %q (line %q)", got, want, line)
	}
}

func TestLogMessageReadsTheErrorAttribute(t *testing.T) {
	line := `level=ERROR msg="handler failed" err="open config.yaml: no such file or directory"`
	if got, want := LogMessage(line), "open config.yaml: no such file or directory"; got != want {
		t.Errorf("LogMessage = %q, want %q", got, want)
	}
}

// gorm with TranslateError replaces the driver's integrity errors by its
// own, which name no table: the class is still the driver's.
// TestLogMessageReadsFieldsWrittenWithCommas: fields a logger writes in
// parentheses with commas between them ("(error=no such column: x,
// http_method=GET)") give the whole error, spaces and all; logfmt's bare
// values stop at the next attribute.
func TestLogMessageReadsFieldsWrittenWithCommas(t *testing.T) {
	for line, want := range map[string]string{
		"INFO Connection closed with HTTP 500 (error=no such column: content_encoding, http_method=GET, tag=http)": "no such column: content_encoding",
		"level=error err=boom msg=failed":                        "boom",
		"level=error err=boom, then more msg=failed":             "boom,",
		`level=error msg="save failed" error="disk full, retry"`: "disk full, retry",
	} {
		if got := LogMessage(line); got != want {
			t.Errorf("LogMessage(%q) = %q, want %q", line, got, want)
		}
	}
}

func TestClassifyReadsGormsTranslatedErrors(t *testing.T) {
	for msg, want := range map[string]Class{
		"duplicated key not allowed":                    Unique,
		"create order: violates foreign key constraint": ForeignKey,
		"violates check constraint":                     Check,
		"record not found":                              NotFound,
	} {
		if got := Classify(report.Error{Kind: report.KindError, Message: msg}); got.Class != want {
			t.Errorf("Classify(%q) = %s, want %s", msg, got.Class, want)
		}
	}
}

// The error of a line gin's Logger writes, or of an access log's
// "errors" attribute, is the message after gin's numbering, not the
// logger's own message.
func TestLogMessageReadsGinsNumberedErrors(t *testing.T) {
	for line, want := range map[string]string{
		`level=ERROR msg=HTTP status=500 errors="Error #01: duplicated key not allowed"`: "duplicated key not allowed",
		`Error #01: no such table: users`:                                                "no such table: users",
	} {
		if got := LogMessage(line); got != want {
			t.Errorf("LogMessage(%q) = %q, want %q", line, got, want)
		}
	}
	r := &report.Report{Logs: []report.LogLine{
		{Text: `{"level":"error","status":500,"errors":"Error #01: duplicated key not allowed\n","message":"HTTP"}`},
	}}
	if got := LogMessage(LoggedError(r)); got != "duplicated key not allowed" {
		t.Errorf("LogMessage(LoggedError) = %q, want gin's error", got)
	}
}
