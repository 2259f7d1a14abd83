package main

import (
	"strings"
	"sync"
	"testing"
	"time"
)

// captured collects what a watcher hands on.
type captured struct {
	mu    sync.Mutex
	dumps []string
	got   chan struct{}
}

func newWatcherForTest() (*dumpWatcher, *captured) {
	c := &captured{got: make(chan struct{}, 16)}
	w := newDumpWatcher(newLineRing(), func(text []byte, cut bool) {
		c.mu.Lock()
		c.dumps = append(c.dumps, string(text))
		c.mu.Unlock()
		c.got <- struct{}{}
	})
	return w, c
}

func (c *captured) all() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.dumps...)
}

const panicDump = `panic: boom

goroutine 1 [running]:
main.main()
	/src/app/main.go:10 +0x1d
exit status 2
`

func TestWatcherSplitsDumpsFromOtherOutput(t *testing.T) {
	w, c := newWatcherForTest()
	// Written in small pieces, as a pipe may deliver it.
	text := "listening on :8080\n" + panicDump + "rebuilding...\nrecovered panic: handled\n" + strings.ReplaceAll(panicDump, "boom", "again") + "done\n"
	for i := 0; i < len(text); i += 7 {
		w.Write([]byte(text[i:min(i+7, len(text))]))
	}
	w.finish()
	dumps := c.all()
	if len(dumps) != 2 {
		t.Fatalf("%d dumps, want 2: %q", len(dumps), dumps)
	}
	for i, want := range []string{"panic: boom\n", "panic: again\n"} {
		if !strings.HasPrefix(dumps[i], want) || !strings.HasSuffix(dumps[i], "main.go:10 +0x1d\n") {
			t.Errorf("dump %d = %q", i, dumps[i])
		}
	}
}

func TestWatcherKeepsASignalDumpWhole(t *testing.T) {
	w, c := newWatcherForTest()
	w.Write([]byte("SIGQUIT: quit\nPC=0x46fbc1 m=0 sigcode=0\n\ngoroutine 0 gp=0x5a1 m=0 mp=0x5b2 [idle]:\nruntime.futex(0x5b2, 0x80)\n\t/go/src/runtime/sys_linux_amd64.s:557 +0x21\n\nrax    0xca\nrip    0x46fbc1\n\ngoroutine 1 gp=0xc0 m=nil [chan receive]:\nmain.main()\n\t/src/app/main.go:10 +0x1d\n"))
	w.finish()
	dumps := c.all()
	if len(dumps) != 1 || !strings.Contains(dumps[0], "goroutine 1 gp=") || !strings.Contains(dumps[0], "rax    0xca") {
		t.Fatalf("dumps %q, want one holding every goroutine", dumps)
	}
}

func TestWatcherReadsPrefixedDumps(t *testing.T) {
	w, c := newWatcherForTest()
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimSuffix(panicDump, "exit status 2\n"), "\n") {
		b.WriteString("app-1  | " + l + "\n")
	}
	b.WriteString("db-1   | ready\n")
	w.Write([]byte(b.String()))
	dumps := c.all()
	if len(dumps) != 1 || !strings.Contains(dumps[0], "app-1  | goroutine 1 [running]:") || strings.Contains(dumps[0], "db-1") {
		t.Fatalf("dumps %q", dumps)
	}
	w.finish()
}

func TestWatcherIgnoresLogLinesThatMentionPanic(t *testing.T) {
	w, c := newWatcherForTest()
	w.Write([]byte("2026/11/30 http: panic serving 127.0.0.1: boom\n"))
	for i := 0; i < maxLeadLines+10; i++ {
		w.Write([]byte("GET /posts 200\n"))
	}
	w.finish()
	if d := c.all(); len(d) != 0 {
		t.Errorf("log lines were taken for a dump: %q", d)
	}
}

// TestWatcherEndsADumpWhenTheOutputGoesQuiet checks that a dump from a
// process that does not exit (a server run by a hot-reload tool) is
// handed on without waiting for the end of the stream.
func TestWatcherEndsADumpWhenTheOutputGoesQuiet(t *testing.T) {
	w, c := newWatcherForTest()
	w.Write([]byte(strings.TrimSuffix(panicDump, "exit status 2\n")))
	select {
	case <-c.got:
	case <-time.After(time.Minute):
		t.Fatal("the dump was not handed on after the output went quiet")
	}
	w.finish()
	if d := c.all(); len(d) != 1 {
		t.Errorf("%d dumps, want 1", len(d))
	}
}

func TestWatcherBoundsItsMemory(t *testing.T) {
	w, c := newWatcherForTest()
	w.Write([]byte("panic: flood\n\ngoroutine 1 [running]:\nmain.main()\n"))
	long := []byte("\t" + strings.Repeat("x", 3*maxLineBytes) + "\n")
	for i := 0; i < 2*maxCaptureBytes/maxLineBytes; i++ {
		w.Write(long)
	}
	w.finish()
	d := c.all()
	if len(d) != 1 || len(d[0]) > maxCaptureBytes {
		t.Fatalf("%d dumps, the first %d bytes", len(d), len(d[0]))
	}
}

func TestFirstFix(t *testing.T) {
	cases := map[string]string{
		"### Nil map\n\n**How to fix it:**\n\n- Make the map first.\n- Or check.\n":    "Make the map first.",
		"1. What failed\n\n3. **How to fix it:** make the map in New.\n":               "make the map in New.",
		"## Fix\n\nCheck the length before indexing:\n\n```go\nif len(x) == 0 {}\n```": "Check the length before indexing: (see the report)",
		"### Why\n\nNo fix section here.\n":                                            "",
	}
	for md, want := range cases {
		if got := firstFix(md); got != want {
			t.Errorf("firstFix(%q) = %q, want %q", md, got, want)
		}
	}
}

// TestWatcherDoesNotSplitADumpPausedMidway: a child paused mid-dump (a busy
// machine) makes the quiet period end the dump; the stacks that follow
// are the same dump, not a second one, while a new panic after them is.
func TestWatcherDoesNotSplitADumpPausedMidway(t *testing.T) {
	w, c := newWatcherForTest()
	w.Write([]byte("panic: flood\n\ngoroutine 1 [running]:\nmain.flood()\n\t/src/app/main.go:10 +0x1d\n\n"))
	select {
	case <-c.got:
	case <-time.After(time.Minute):
		t.Fatal("the dump was not handed on after the output went quiet")
	}
	w.Write([]byte("goroutine 2 [chan receive]:\nmain.wait()\n\t/src/app/main.go:20 +0x1d\n\ngoroutine 3 [chan receive]:\nmain.wait()\n\t/src/app/main.go:20 +0x1d\nexit status 2\n"))
	if d := c.all(); len(d) != 1 {
		t.Fatalf("%d dumps after the pause, want 1", len(d))
	}
	w.Write([]byte("restarting\n" + panicDump))
	w.finish()
	if d := c.all(); len(d) != 2 || !strings.HasPrefix(d[1], "panic: boom") {
		t.Errorf("dumps %q, want the flood and then boom", d)
	}
}

// TestWatcherDoesNotSplitADumpPausedMidLine: the pause that ends a dump
// falls inside a line (the pipe is read in chunks); the rest of that line
// is no line of its own, and the stacks after it are still the same dump.
func TestWatcherDoesNotSplitADumpPausedMidLine(t *testing.T) {
	w, c := newWatcherForTest()
	w.Write([]byte("panic: flood\n\ngoroutine 1 [running]:\nmain.flood()\n\t/src/app/main.go:10 +0x1d\n\ngoroutine 2 [chan receive]:\nmain.wait(0xc0000"))
	select {
	case <-c.got:
	case <-time.After(time.Minute):
		t.Fatal("the dump was not handed on after the output went quiet")
	}
	w.Write([]byte("10000, {0x1, 0x2})\n\t/src/app/main.go:20 +0x1d\n\ngoroutine 3 [chan receive]:\nmain.wait()\n\t/src/app/main.go:20 +0x1d\nexit status 2\n"))
	if d := c.all(); len(d) != 1 || !strings.Contains(d[0], "main.wait(0xc0000\n") {
		t.Fatalf("dumps after the pause %q, want the one cut mid-line", d)
	}
	w.Write([]byte(panicDump))
	w.finish()
	if d := c.all(); len(d) != 2 || !strings.HasPrefix(d[1], "panic: boom") {
		t.Errorf("dumps %q, want the flood and then boom", d)
	}
}
