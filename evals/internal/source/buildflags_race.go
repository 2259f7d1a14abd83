//go:build race

package source

// buildFlags are the flags of the build whose export data Load reads: a
// program built with -race (the test command's build) asks for the
// race-built packages, which that build has compiled already, instead of
// compiling every dependency a second time without -race.
var buildFlags = []string{"-race"}
