package offline_test

// The tests read the index, so they link retrieval.
import (
	_ "github.com/explainerr/explainerr/index/rag"
)
