package index

import "context"

// embedAhead embeds the chunks of a new index while its files are being
// chunked, on the planning goroutines: done for the offline embedder,
// which is fast and local, so that its work overlaps the writing of rows.
// A type's chunk is left to the writer, since its text is completed with
// its methods, which other files may declare (typeTexts).
type embedAhead struct {
	opts BuildOptions
	dims int
}

// embedAheadFor returns the embedAhead of a build, or nil when its
// embedder is a service, whose requests are batched across files instead.
func embedAheadFor(opts BuildOptions) *embedAhead {
	if _, local := opts.Embedder.(*HashEmbedder); !local || opts.Embedder.Dims() == 0 {
		return nil
	}
	return &embedAhead{opts: opts, dims: opts.Embedder.Dims()}
}

// embed returns the encoded vectors of chunks (whose data is data), with
// an empty one for each type's chunk.
func (a *embedAhead) embed(ctx context.Context, chunks []chunk, data []chunkData) ([]encodedVector, error) {
	var inputs []string
	var at []int
	for i := range chunks {
		if chunks[i].Kind != KindType {
			inputs = append(inputs, data[i].input)
			at = append(at, i)
		}
	}
	out := make([]encodedVector, len(chunks))
	if len(inputs) == 0 {
		return out, nil
	}
	r := embedBatch(ctx, a.opts, a.dims, inputs)
	if r.err != nil {
		return nil, r.err
	}
	for j, i := range at {
		out[i] = r.vecs[j]
	}
	return out, nil
}
