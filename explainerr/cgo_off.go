//go:build !cgo

package explainerr

// retrievalMissing says why retrieval is on and no index reader is linked:
// without cgo, the index reader cannot be built, whatever is imported.
func retrievalMissing() string {
	return "Retrieval is on (EXPLAINERR_CONTEXT=rag) but this program was built without cgo (CGO_ENABLED=0, or no C compiler found), " +
		"and the index reader (SQLite) needs it, so the explanation is made without the index. Build with CGO_ENABLED=1 and a C compiler, " +
		"with this import in your main package: import " + RetrievalImport + " (a file marked //go:build cgo is left out of a build without cgo)."
}
