// Package rag links retrieval into a program that uses explainerr: a blank
// import of it registers the reader of the index that "explainerr index"
// builds, the way database/sql drivers register.
//
//	import _ "github.com/explainerr/explainerr/index/rag"
//
// With no context mode set, an explanation then uses the index whenever
// one can be opened; EXPLAINERR_CONTEXT=rag (or explainerr.WithContext)
// asks for it always. The index is a SQLite file, so linking this package
// needs cgo; an app that does not link it builds without.
package rag

import (
	"github.com/explainerr/explainerr/explainerr/retrieval"
	"github.com/explainerr/explainerr/index"
)

func init() {
	retrieval.Register(Open)
}

// Open opens the index file at path read-only, with the default retriever
// options.
func Open(path string) (retrieval.Retriever, error) {
	r, err := index.OpenRetriever(path, index.RetrieverOptions{})
	if err != nil {
		return nil, err
	}
	return r, nil
}
