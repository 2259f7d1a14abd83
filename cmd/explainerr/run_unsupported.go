//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package main

import "fmt"

// supervisor would run the child; process groups and signals are only
// handled on Unix systems.
type supervisor struct {
	child
}

func (s *supervisor) run() int {
	fmt.Fprintln(s.stderr, "explainerr run: not supported on this operating system (it needs Unix process groups and signals)")
	return 2
}
