//go:build !windows

package shapes

// spout names the platform's spout.
func spout() string { return "other" }
