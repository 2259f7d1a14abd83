//go:build !race

package source

// buildFlags are the flags of the build whose export data Load reads: the
// default build's, as this program was built without -race.
var buildFlags []string
