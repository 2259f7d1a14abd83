//go:build unix

package explainerr_test

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time this process has used, user and system,
// all its threads (the garbage collector's included); 0 when it cannot
// be read.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
