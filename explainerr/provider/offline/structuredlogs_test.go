package offline

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestStructuredLogRecordsOfEachLogger: a handler that answers with a
// generic body and logs the real error as a JSON record (logrus, zap,
// zerolog, slog's JSON handler) or a logfmt one (logrus' text formatter)
// is explained from the record's error, with no raw JSON in the text.
func TestStructuredLogRecordsOfEachLogger(t *testing.T) {
	const dbErr = `pq: column "idd" does not exist`
	quoted, _ := json.Marshal(dbErr)
	q := string(quoted)
	for _, c := range []struct{ logger, line string }{
		{"logrus JSON", `{"error":` + q + `,"level":"error","msg":"list posts","time":"2026-12-01T10:00:00Z"}`},
		{"zap", `{"level":"error","ts":1764583200.5,"caller":"app/handlers.go:48","msg":"list posts","error":` + q + `}`},
		{"zerolog", `{"level":"error","error":` + q + `,"time":"2026-12-01T10:00:00Z","message":"list posts"}`},
		{"slog JSON", `{"time":"2026-12-01T10:00:00Z","level":"ERROR","msg":"list posts","err":` + q + `}`},
		{"logrus text", `time="2026-12-01T10:00:00Z" level=error msg="list posts" error="pq: column \"idd\" does not exist"`},
	} {
		t.Run(c.logger, func(t *testing.T) {
			r := statusReport("internal error", appFrame(t, "main.(*Server).handlePost", "handlers.go", handlerSrc))
			r.Logs = logs(`{"level":"info","msg":"request started","path":"/posts/42"}`, c.line)
			text := Analyze(r)
			if class, culprit := Recognize(r); class != ClassNoSuchColumn || culprit != "idd" {
				t.Errorf("recognised %s %q, want the missing column idd", class, culprit)
			}
			mustHave(t, text, "PostgreSQL", "`idd`")
			mustLack(t, text, `{"`, `"level":`, "does not recognise")
		})
	}
}

// TestZapStacktraceLeadsToTheHandler: zap's stacktrace field (frames
// without a goroutine header) places a status that library code wrote at
// the app's handler that logged it.
func TestZapStacktraceLeadsToTheHandler(t *testing.T) {
	app := writeSnipApp(t)
	hf, hl := app.line("helper")
	ff, fl := app.line("home")
	stack := "main.(*application).serverError\n\t" + hf + ":" + itoa(hl) + "\nmain.(*application).home\n\t" + ff + ":" + itoa(fl) +
		"\nnet/http.HandlerFunc.ServeHTTP\n\t/usr/local/go/src/net/http/server.go:2294"
	st, _ := json.Marshal(stack)
	r := app.bufferedStatus(t, `{"level":"error","ts":1764583200.5,"caller":"app/helpers.go:12","msg":"store: latest snippets: pq: column \"idd\" does not exist","stacktrace":`+string(st)+`}`)
	text := Analyze(r)
	if class, _ := Recognize(r); class != ClassNoSuchColumn {
		t.Errorf("class %s, want %s", class, ClassNoSuchColumn)
	}
	mustHave(t, text, "called from `(*application).home` at `handlers.go:13`", "Correct the column name in the query: `idd` → `id`.")
	if strings.Contains(text, `"stacktrace"`) {
		t.Errorf("the raw record is quoted:\n%s", text)
	}
}
