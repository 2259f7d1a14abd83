// Command crasher crashes on purpose, for the crash dump tests of package
// stack and of the explainerr command. "crasher index N" parks N goroutines
// and then panics with an index out of range inside a sort callback;
// "crasher recurse N" parks N goroutines and overflows a slice in deep
// recursion, so that the runtime elides frames.
package main

import (
	"fmt"
	"os"
	"strconv"
	"sync"

	"example.com/crasher/shop"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: crasher index|recurse N")
		os.Exit(2)
	}
	parked, err := strconv.Atoi(os.Args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	park(parked)
	done := make(chan struct{})
	go func() {
		// Not deferred: a deferred close would run while the panic unwinds
		// and could let main return, and exit 0, before the crash report.
		serve(os.Args[1])
		close(done)
	}()
	<-done
}

// park starts n goroutines that wait forever, and returns once all wait.
func park(n int) {
	var started sync.WaitGroup
	started.Add(n)
	never := make(chan struct{})
	for i := 0; i < n; i++ {
		go shop.Restock(i, &started, never)
	}
	started.Wait()
}

// serve runs the failing code path.
func serve(mode string) {
	cart := shop.NewCart(5)
	switch mode {
	case "index":
		fmt.Println(cart.Cheapest(3))
	case "recurse":
		fmt.Println(cart.Discount(0, 400))
	default:
		fmt.Fprintln(os.Stderr, "unknown mode", mode)
		os.Exit(2)
	}
}
