package stack

import "testing"

func TestHeaderLine(t *testing.T) {
	for in, want := range map[string]string{
		`E0623 15:24:30.674204 1 runtime.go:78] Observed a panic: "invalid memory address or nil pointer dereference" (runtime error: invalid memory address or nil pointer dereference)`: "panic: runtime error: invalid memory address or nil pointer dereference",
		`E0623 15:24:30.674204 1 runtime.go:78] Observed a panic: "boom" (boom)`:                                                                                                          "panic: boom",
		`E0623 15:24:30.674204 1 runtime.go:78] Observed a panic: "boom"`:                                                                                                                 "panic: boom",
		`E0623 15:24:30.674204 1 runtime.go:84] "Observed a panic" panic="assignment to entry in nil map" panicGoValue="x"`:                                                               "panic: assignment to entry in nil map",
		"`fatal error: all goroutines are asleep - deadlock!":                                                                                                                             "fatal error: all goroutines are asleep - deadlock!",
		"> panic: boom":               "> panic: boom",
		">panic: boom":                "panic: boom",
		"log: a panic: was seen":      "log: a panic: was seen",
		"panic: runtime error: index": "panic: runtime error: index",
		// A paste that began inside the first line's timestamp.
		"3.6367390Z panic: test timed out after 40m0s": "panic: test timed out after 40m0s",
		"43.637Z fatal error: concurrent map writes":   "fatal error: concurrent map writes",
		"12 panic: after a line number":                "panic: after a line number",
		"v2 panic: words before it stay":               "v2 panic: words before it stay",
	} {
		if got := headerLine(in); got != want {
			t.Errorf("headerLine(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestIsShellLine(t *testing.T) {
	for in, want := range map[string]bool{
		"$ gitstream linux":               true,
		"[root@xxx bt]# ./btsniffer":      true,
		"core@ip-10-1 ~ $ fleetctl start": true,
		"dev@box:~/src$ make":             true,
		"goroutine 1 [running]:":          false,
		"costs $ 5":                       false,
		"\tmore of the panic value":       false,
	} {
		if got := isShellLine(in); got != want {
			t.Errorf("isShellLine(%q) = %v, want %v", in, got, want)
		}
	}
}

// TestParseDumpShellLineAfterHeader parses a panic followed by a shell
// command the user typed before the goroutine was printed: the command is
// no part of the panic value.
func TestParseDumpShellLineAfterHeader(t *testing.T) {
	d := parseString(t, "panic: runtime error: slice bounds out of range\n$ gitstream linux\ngoroutine 1 [running]:\nmain.main()\n\t/src/app/main.go:3 +0x1\n", NewClassifier("example.com/app"))
	if d.Message != "panic: runtime error: slice bounds out of range" {
		t.Errorf("Message = %q", d.Message)
	}
}
