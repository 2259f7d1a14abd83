package main

import "testing"

func TestParseFatalLine(t *testing.T) {
	for _, tc := range []struct {
		line, msg, file string
		lineNo          int
	}{
		{"2026/12/01 15:04:05 listen tcp :8080: bind: address already in use", "listen tcp :8080: bind: address already in use", "", 0},
		{"2026/12/01 15:04:05.123456 main.go:42: open tasks.db: no such file", "open tasks.db: no such file", "main.go", 42},
		{"app: 2026/12/01 15:04:05 /src/app/db/db.go:7: bad dsn", "bad dsn", "/src/app/db/db.go", 7},
		{`time=2026-12-01T15:04:05Z level=ERROR source=/src/app/main.go:12 msg="cannot start" err=boom`, "cannot start", "/src/app/main.go", 12},
		{`{"time":"2026-12-01T15:04:05Z","level":"ERROR","source":{"function":"main.main","file":"/src/app/main.go","line":9},"msg":"cannot start"}`, "cannot start", "/src/app/main.go", 9},
		{`{"level":"fatal","caller":"app/main.go:31","msg":"no config"}`, "no config", "app/main.go", 31},
		{"2026-12-01T15:04:05.000Z\tFATAL\tmain.go:20\tdatabase is locked", "database is locked", "main.go", 20},
		{"[FATAL] config missing", "config missing", "", 0},
		{"    handler_test.go:12: want 200, got 500", "want 200, got 500", "handler_test.go", 12},
		{"something went wrong", "something went wrong", "", 0},
	} {
		f := parseFatalLine(tc.line)
		if f.message != tc.msg || f.file != tc.file || f.line != tc.lineNo {
			t.Errorf("%q: message %q at %s:%d, want %q at %s:%d", tc.line, f.message, f.file, f.line, tc.msg, tc.file, tc.lineNo)
		}
	}
}

func TestLastMeaningfulSkipsTheGoCommandsLines(t *testing.T) {
	lines := []string{"2026/12/01 15:04:05 fatal: boom", "exit status 1", "", "FAIL\texample.com/app\t0.01s", "FAIL"}
	if i := lastMeaningful(lines); i != 0 {
		t.Errorf("lastMeaningful = %d, want 0", i)
	}
}
