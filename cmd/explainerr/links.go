package main

// The CLI explains with a model and reads the index, so it links both.
import (
	_ "github.com/explainerr/explainerr/explainerr/provider/openai"
	_ "github.com/explainerr/explainerr/index/rag"
)
