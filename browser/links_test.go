package browser_test

// The tests ask the model client, so they link it.
import (
	_ "github.com/explainerr/explainerr/explainerr/provider/openai"
)
