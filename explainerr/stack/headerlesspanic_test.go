package stack

import (
	"strings"
	"testing"
)

// TestParseDumpHeaderlessPanic parses pastes that start at a goroutine
// header, without the "panic: ..." line, whose failing goroutine called
// panic: the dump is a panic whose message is unknown, the goroutine with
// the panic call is the failing one, and a net/http panic line logged
// after its stack (another request's) is no message of its own.
func TestParseDumpHeaderlessPanic(t *testing.T) {
	const panicking = "goroutine 9 [running]:\n" +
		"net/http.(*conn).serve.func1(0xc4203626e0)\n\t/usr/local/go/src/net/http/server.go:1721 +0xd0\n" +
		"panic(0x79a9c0, 0xa17540)\n\t/usr/local/go/src/runtime/panic.go:489 +0x2cf\n" +
		"example.com/app.parse(0xc42036a680)\n\t/src/app/parse.go:76 +0x46f\n" +
		"net/http.HandlerFunc.ServeHTTP(0x85f4e8)\n\t/usr/local/go/src/net/http/server.go:1942 +0x44\n" +
		"created by net/http.(*Server).Serve\n\t/usr/local/go/src/net/http/server.go:2668 +0x2ce\n"
	const waiting = "goroutine 1 [running]:\nexample.com/app.serve()\n\t/src/app/main.go:9 +0x1\n\n"
	const served = "2017/11/05 15:59:58 http: panic serving 127.0.0.1:34201: runtime error: index out of range\n"
	tests := []struct {
		name, in string
		message  string // a text the message must contain
		header   string
	}{
		{"the panic line lost", panicking, `a panic whose message was not pasted: goroutine 9 called panic(0x79a9c0, 0xa17540) (panic.go:489)`, ""},
		{"another running goroutine first", waiting + panicking, "goroutine 9 called panic(", ""},
		{"another request's panic logged after the stack", panicking + served,
			"not pasted: goroutine 9 called panic(0x79a9c0, 0xa17540) (panic.go:489), but the \"panic: ...\" line is not in the paste; the paste goes on with another panic, of another request, whose stack it does not show: http: panic serving 127.0.0.1:34201: runtime error: index out of range", ""},
		{"the panic logged by net/http before the stack", served + panicking, "panic: runtime error: index out of range", "panic: runtime error: index out of range"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := parseString(t, tt.in, NewClassifier("example.com/app"))
			if d.Goroutine != 9 {
				t.Errorf("goroutine %d, want 9 (%s)", d.Goroutine, d.Reason)
			}
			if !strings.Contains(d.Message, tt.message) {
				t.Errorf("message %q, want one with %q", d.Message, tt.message)
			}
			if got := strings.Join(d.Header, "\n"); got != tt.header {
				t.Errorf("header %q, want %q", got, tt.header)
			}
			if d.Ambiguous {
				t.Errorf("the dump is said not to name its failing goroutine: %s", d.Reason)
			}
			if len(d.Frames) == 0 || d.Frames[0].Function != "example.com/app.parse" {
				t.Errorf("frames %+v, want example.com/app.parse first", d.Frames)
			}
		})
	}
}

// TestParseDumpNoPanicCall keeps a goroutine dump whose goroutines called
// no panic a dump with no message.
func TestParseDumpNoPanicCall(t *testing.T) {
	d := parseString(t, "goroutine 1 [running]:\nexample.com/app.serve()\n\t/src/app/main.go:9 +0x1\n", NewClassifier("example.com/app"))
	if d.Message != "" || !d.Ambiguous {
		t.Errorf("message %q, ambiguous %v; want none, true", d.Message, d.Ambiguous)
	}
}
