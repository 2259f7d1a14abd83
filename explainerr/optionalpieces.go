package explainerr

import (
	"github.com/explainerr/explainerr/explainerr/provider"
	"github.com/explainerr/explainerr/explainerr/retrieval"
)

// The import lines that link the optional pieces into a program. The core
// package links neither, so that an app that uses neither builds without
// cgo and stays small; the page and the log name the line to add when a
// setting asks for a piece that is missing.
const (
	// ModelClientImport links the "openai" provider (openai-go), for any
	// OpenAI-compatible chat completions server.
	ModelClientImport = `_ "github.com/explainerr/explainerr/explainerr/provider/openai"`
	// RetrievalImport links the reader of the index that "explainerr index"
	// builds (SQLite with sqlite-vec; needs cgo).
	RetrievalImport = `_ "github.com/explainerr/explainerr/index/rag"`
)

// IndexOpener opens the index file at path as a Retriever (see
// retrieval.Opener).
type IndexOpener = retrieval.Opener

// RegisterIndexOpener makes open the way an index file is read when
// retrieval is on and no WithRetriever option is given. It is
// retrieval.Register, kept for programs written against it; the index/rag
// package registers through package retrieval. It panics if open is nil or
// an opener is already registered.
func RegisterIndexOpener(open IndexOpener) { retrieval.Register(open) }

// lookupIndexOpener finds the registered index opener; tests replace it
// to play a program that links none.
var lookupIndexOpener = retrieval.Lookup

// registeredIndexOpener returns the registered opener, or nil.
func registeredIndexOpener() IndexOpener { return lookupIndexOpener() }

// lookupProvider finds a registered provider; tests replace it to play a
// program that links none.
var lookupProvider = provider.Lookup

// openRegisteredProvider opens the provider registered under name; ok is
// false when no package registered it.
func openRegisteredProvider(name string, cfg *config) (p provider.Provider, ok bool, err error) {
	open, ok := lookupProvider(name)
	if !ok {
		return nil, false, nil
	}
	p, err = open(provider.Config{
		APIKey:     cfg.apiKey,
		BaseURL:    cfg.baseURL,
		Model:      cfg.model,
		MaxRetries: cfg.maxRetries,
		HTTPClient: cfg.httpClient,
	})
	return p, true, err
}
