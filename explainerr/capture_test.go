package explainerr_test

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
)

// logBuffer collects log records for assertions.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

func withLog(t *testing.T) (*logBuffer, explainerr.Option) {
	lb := &logBuffer{}
	return lb, explainerr.WithLogger(slog.New(slog.NewJSONHandler(lb, nil)))
}

func TestErrAbortHandlerIsRepanicked(t *testing.T) {
	for name, v := range map[string]any{
		"plain":   http.ErrAbortHandler,
		"wrapped": fmt.Errorf("client went away: %w", http.ErrAbortHandler),
	} {
		t.Run(name, func(t *testing.T) {
			logs, opt := withLog(t)
			h := newExplainer(t, opt).Middleware(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic(v) }))
			got := catchPanic(func() { get(h, "GET", "/", "application/json") })
			if got != v {
				t.Fatalf("recovered %v, want the original value %v re-panicked", got, v)
			}
			if logs.String() != "" {
				t.Errorf("an aborted handler was logged as a failure: %s", logs)
			}
		})
	}
}

func catchPanic(f func()) (p any) {
	defer func() { p = recover() }()
	f()
	return nil
}

type point struct{ X, Y int }

type selfRef struct {
	Name string
	Next *selfRef
}

type panickyStringer struct{}

func (panickyStringer) String() string { panic("String exploded") }

func TestPanicValues(t *testing.T) {
	loop := &selfRef{Name: "loop"}
	loop.Next = loop
	cases := []struct {
		name     string
		value    any
		typ, msg string
	}{
		{"string", "boom", "string", "boom"},
		{"int", 42, "int", "42"},
		{"struct", point{1, 2}, "explainerr_test.point", "{X:1 Y:2}"},
		{"error", errors.New("plain error"), "*errors.errorString", "plain error"},
		{"nil", nil, "*runtime.PanicNilError", "panic called with nil argument"},
		{"self-referencing", loop, "*explainerr_test.selfRef", "loop"},
		{"panicking String", panickyStringer{}, "explainerr_test.panickyStringer", "String exploded"},
		{"binary", string([]byte{0, 0xff, 0xfe, 'x'}), "string", "x"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := newExplainer(t).Middleware(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic(c.value) }))
			rec := get(h, "GET", "/", "application/json")
			if rec.Code != 500 {
				t.Fatalf("status %d", rec.Code)
			}
			rep := decodeReport(t, rec)
			if rep.Error.Kind != report.KindPanic || rep.Error.Type != c.typ || !strings.Contains(rep.Error.Message, c.msg) {
				t.Errorf("error = %+v, want type %q message containing %q", rep.Error, c.typ, c.msg)
			}
			if f := rep.InnermostApp(); f == nil || !strings.Contains(f.Function, "TestPanicValues") {
				t.Errorf("innermost app frame = %+v", f)
			}
		})
	}
}

func TestHugePanicMessageIsBounded(t *testing.T) {
	huge := strings.Repeat("x", 10<<20)
	h := newExplainer(t).Middleware(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic(huge) }))
	rec := get(h, "GET", "/", "application/json")
	rep := decodeReport(t, rec)
	if len(rep.Error.Message) > 100<<10 || !strings.Contains(rep.Error.Message, "bytes in all") {
		t.Errorf("message of %d bytes kept", len(rep.Error.Message))
	}
	if len(rep.Prompt.User) > 8000 {
		t.Errorf("prompt of %d characters", len(rep.Prompt.User))
	}
}

func TestWrappedErrorChain(t *testing.T) {
	base := errors.New("no rows")
	h := newExplainer(t).Middleware(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		panic(fmt.Errorf("loading post 7: %w", errors.Join(base, errors.New("second"))))
	}))
	rep := decodeReport(t, get(h, "GET", "/", "application/json"))
	if len(rep.Error.Chain) < 3 || !strings.Contains(strings.Join(rep.Error.Chain, "|"), "no rows") {
		t.Errorf("chain = %q", rep.Error.Chain)
	}
	if !strings.Contains(rep.Prompt.User, "no rows") {
		t.Errorf("prompt lacks the wrapped error")
	}
}
