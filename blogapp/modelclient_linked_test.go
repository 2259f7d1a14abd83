//go:build openai

package main

import "testing"

func TestLinkedModelClientNeedsNoAdvice(t *testing.T) {
	env := map[string]string{"OPENAI_API_KEY": "sk-x"}
	if got := modelClientAdvice(func(k string) string { return env[k] }); got != "" {
		t.Errorf("the model client is linked, yet the advice is %q", got)
	}
}
