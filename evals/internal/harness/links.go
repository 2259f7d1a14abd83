package harness

// The harness asks a model when one is configured, so it links the model client.
import (
	_ "github.com/explainerr/explainerr/explainerr/provider/openai"
)
