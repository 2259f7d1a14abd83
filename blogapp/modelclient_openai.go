//go:build openai

package main

// The model client, linked by "go run -tags openai ./blogapp": explainerr
// asks the model at OPENAI_BASE_URL (or OpenAI's API with OPENAI_API_KEY)
// to explain each failure.
import _ "github.com/explainerr/explainerr/explainerr/provider/openai"
