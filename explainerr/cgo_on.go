//go:build cgo

package explainerr

// retrievalMissing says why retrieval is on and no index reader is linked.
func retrievalMissing() string { return retrievalNotLinked }
