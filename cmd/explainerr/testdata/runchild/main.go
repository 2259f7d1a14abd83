// Command runchild misbehaves on purpose, in the way named by its first
// argument, for the tests of "explainerr run".
package main

import (
	"bufio"
	"fmt"
	"log"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"time"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: runchild MODE")
		os.Exit(2)
	}
	switch os.Args[1] {
	case "goroutine-panic":
		handle(map[string][]string{})
		select {}
	case "unnamed-secrets-panic":
		// Secrets no name marks: the secret half of a key pair, an
		// authority's password, a command's argument (made up).
		log.Printf("relay login: redis-cli -h cache -a Rc5Vb8Nq2Lx ping")
		panic("assume role ASIAZX81NB4VT6QWM3KE / Lq8Wd2Kx7Vn4Rz1Tc5Yb3Hm6Pf0Gs9Ua2Eo7Ni via svc_user:Qp7Lm2Xz9Vb4@redis.internal:6379")
	case "escape-panic":
		panic("\x1b]0;pwned\x07\x1b[31mred\x1b[0m payment failed")
	case "map-writes":
		mapWrites()
	case "deadlock":
		deadlock()
	case "survivor":
		survivor()
	case "crash-twice":
		crashTwice(os.Args[2])
	case "sigint":
		waitForInterrupt()
	case "hang":
		hang()
	case "sigkill":
		for i := 1; i <= 80; i++ {
			fmt.Printf("allocating batch %d\n", i)
		}
		syscall.Kill(os.Getpid(), syscall.SIGKILL)
		select {}
	case "log-fatal":
		openStore("tasks.db")
	case "exit-quiet":
		os.Exit(3)
	case "self-sigterm":
		fmt.Println("stopping myself")
		syscall.Kill(os.Getpid(), syscall.SIGTERM)
		select {}
	case "go-run-interrupted":
		fmt.Fprintln(os.Stderr, "signal: interrupt")
		os.Exit(1)
	case "exit0":
		fmt.Println("all good")
		fmt.Fprintln(os.Stderr, "a log line that says panic: but is not a crash")
	case "bytes":
		os.Stdout.Write(passthroughStdout())
		os.Stderr.Write(passthroughStderr())
	case "flood":
		flood()
	case "half-dump":
		fmt.Fprint(os.Stderr, "panic: half of a dump\n\ngoroutine 1 [running]:\nmain.main()\n\t/src/runchild/main.go:10 +0x1d\nmain.cut(")
		os.Exit(1)
	case "cut-app-frame":
		fmt.Fprint(os.Stderr, "panic: cut in the app's frame\n\ngoroutine 1 [running]:\nstrings.Repeat(...)\n\t/usr/local/go/src/strings/strings.go:5 +0x1d\nmain.work(0xc0000")
		os.Exit(1)
	default:
		fmt.Fprintf(os.Stderr, "runchild: unknown mode %q\n", os.Args[1])
		os.Exit(2)
	}
}

// handle stands for an HTTP handler that starts a background job.
func handle(subscribers map[string][]string) {
	go notify(subscribers, "post-1")
}

// notify panics: it indexes past the end of an empty list.
func notify(subscribers map[string][]string, id string) {
	list := subscribers[id]
	fmt.Println("notifying", list[0])
}

// mapWrites writes one map from two goroutines.
func mapWrites() {
	counts := map[int]int{}
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				counts[i%100]++
			}
		}()
	}
	wg.Wait()
}

// deadlock waits for a result nobody sends.
func deadlock() {
	results := make(chan int)
	fmt.Println("waiting for the result")
	fmt.Println(<-results)
}

// survivor runs itself as a server that crashes, like a hot-reload tool,
// and stays alive until the crash report appears (or a minute passes).
func survivor() {
	self, err := os.Executable()
	if err != nil {
		panic(err)
	}
	server := exec.Command(self, "goroutine-panic")
	server.Stdout, server.Stderr = os.Stdout, os.Stderr
	err = server.Run()
	fmt.Printf("watcher: server exited (%v); still watching\n", err)
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		if m, _ := filepath.Glob(".explainerr/crashes/*.json"); len(m) > 0 {
			fmt.Println("watcher: crash report seen while running")
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	fmt.Println("watcher: no crash report while running")
	os.Exit(4)
}

// crashTwice panics on its first two runs, counted in the file, and then
// exits cleanly.
func crashTwice(counter string) {
	data, _ := os.ReadFile(counter)
	n, _ := strconv.Atoi(string(data))
	n++
	os.WriteFile(counter, []byte(strconv.Itoa(n)), 0o644)
	if n <= 2 {
		panic(fmt.Sprintf("start %d failed", n))
	}
	fmt.Printf("start %d ok\n", n)
}

// waitForInterrupt stops cleanly on SIGINT, with exit status 3.
func waitForInterrupt() {
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	fmt.Println("ready")
	<-sig
	fmt.Println("interrupted: stopping cleanly")
	os.Exit(3)
}

// hang blocks a worker on a lock nobody releases; a ticker keeps the
// runtime from calling it a deadlock.
func hang() {
	var mu sync.Mutex
	mu.Lock()
	go stuck(&mu)
	go func() {
		for range time.Tick(time.Second) {
		}
	}()
	fmt.Println("ready")
	select {}
}

// stuck waits for the lock forever.
func stuck(mu *sync.Mutex) {
	mu.Lock()
	fmt.Println("never")
}

// passthroughStdout is output that must reach the terminal unchanged:
// colours, carriage returns, bytes that are not UTF-8, a long line and no
// final newline.
func passthroughStdout() []byte {
	b := []byte("\x1b[31mred\x1b[0m and plain\r\nprogress 10%\rprogress 100%\n\xff\xfe not utf-8\n")
	for i := 0; i < 100000; i++ {
		b = append(b, byte('a'+i%26))
	}
	return append(b, "\nno final newline"...)
}

func passthroughStderr() []byte {
	return []byte("log: starting\nlog: recovered panic: handled, not a crash\n\x1b[1mbold\x1b[0m\n")
}

// flood prints a crash dump of about 7 MB: far more than a dump is read.
func flood() {
	w := bufio.NewWriter(os.Stderr)
	fmt.Fprint(w, "panic: flood\n\ngoroutine 1 [running]:\nmain.flood()\n\t/src/runchild/main.go:1 +0x1d\n")
	for i := 2; i < 120000; i++ {
		fmt.Fprintf(w, "\ngoroutine %d [chan receive]:\nmain.wait()\n\t/src/runchild/main.go:2 +0x1d\n", i)
	}
	w.Flush()
	os.Exit(2)
}

// openStore stands for a server's start-up that gives up with log.Fatal,
// with the file and line of the call in the log's prefix.
func openStore(name string) {
	log.SetFlags(log.LstdFlags | log.Lshortfile)
	log.Printf("opening %s", name)
	log.Fatalf("open %s: permission denied", name)
}
