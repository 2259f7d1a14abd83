//go:build !unix

package explainerr_test

import "time"

// processCPU returns 0: this system's CPU time is not read, and the
// failure-path bench reports wall time alone.
func processCPU() time.Duration { return 0 }
