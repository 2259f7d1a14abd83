package explainerr_test

// The tests ask for the model client and retrieval, so they link both.
import (
	_ "github.com/explainerr/explainerr/explainerr/provider/openai"
	_ "github.com/explainerr/explainerr/index/rag"
)
