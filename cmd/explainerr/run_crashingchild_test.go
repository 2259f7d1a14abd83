package main

import (
	"fmt"
	"os"
	"time"
)

// crashingChildArg, as the only argument of the test binary started with
// runMainEnv set, makes it a program that crashes the way a server does:
// a goroutine its handler started panics. The fast test of "explainerr
// run" runs it as the command, with no program to build.
const crashingChildArg = "crash-in-a-goroutine"

// crashInAGoroutine prints a line to each output, then panics with an
// index out of range in a goroutine that startNotifier started.
func crashInAGoroutine() {
	fmt.Println("serving")
	fmt.Fprintln(os.Stderr, "a log line before the crash")
	startNotifier([]string{"ann@example.com"})
	time.Sleep(time.Minute)
	os.Exit(0)
}

// startNotifier stands for a handler that mails subscribers in the
// background.
func startNotifier(subscribers []string) {
	go notifySubscribers(subscribers)
}

// notifySubscribers reads past the end of its list.
func notifySubscribers(subscribers []string) {
	fmt.Println("notifying", subscribers[len(subscribers)])
}
