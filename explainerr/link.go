package explainerr

import (
	"sync"

	"github.com/explainerr/explainerr/explainerr/provider"
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

// IndexOpener opens the index file at path as a Retriever. When the
// Retriever is also an io.Closer, it is closed when the file is rebuilt and
// reopened, and when the Explainer closes.
type IndexOpener func(path string) (Retriever, error)

var (
	indexOpenerMu sync.RWMutex
	indexOpener   IndexOpener
)

// RegisterIndexOpener makes open the way an index file is read when
// retrieval is on and no WithRetriever option is given. The index/rag
// package calls it from its init function, so that a blank import of it
// (RetrievalImport) is all a program needs. It panics if open is nil or an
// opener is already registered.
func RegisterIndexOpener(open IndexOpener) {
	indexOpenerMu.Lock()
	defer indexOpenerMu.Unlock()
	if open == nil {
		panic("explainerr: RegisterIndexOpener of a nil opener")
	}
	if indexOpener != nil {
		panic("explainerr: RegisterIndexOpener called twice")
	}
	indexOpener = open
}

// registeredIndexOpener returns the registered opener, or nil.
func registeredIndexOpener() IndexOpener {
	indexOpenerMu.RLock()
	defer indexOpenerMu.RUnlock()
	return indexOpener
}

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
