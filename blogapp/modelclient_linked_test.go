//go:build openai

package main

import (
	"testing"

	"github.com/explainerr/explainerr/internal/modeladvice"
)

func TestLinkedModelClientNeedsNoAdvice(t *testing.T) {
	env := map[string]string{"OPENAI_API_KEY": "sk-x"}
	if got := modeladvice.Advice(func(k string) string { return env[k] }, "blogapp", modelClientCommand); got != "" {
		t.Errorf("the model client is linked, yet the advice is %q", got)
	}
}
