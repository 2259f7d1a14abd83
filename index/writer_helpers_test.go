package index

// Shortcuts of the writer for tests and benchmarks that store chunks and
// vectors one at a time.

// insertChunk stores a new chunk, its identifiers and terms, and returns its id.
func (w *writer) insertChunk(c *chunk, srcHash string) (int64, error) {
	d := prepareChunk(c)
	return w.insertChunkData(0, c, &d, c.Text, srcHash)
}

// storeVector sets a chunk's vector and shortlist code.
func (w *writer) storeVector(id int64, v []float32) error {
	ev, err := encodeChunkVector(v)
	if err != nil {
		return err
	}
	return w.storeEncoded(id, ev)
}
