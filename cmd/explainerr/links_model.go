package main

// The CLI explains with a model, so it links the model client; the index
// reader is linked where cgo is (links_index.go).
import _ "github.com/explainerr/explainerr/explainerr/provider/openai"
