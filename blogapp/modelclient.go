package main

import (
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider"
)

// modelClientCommand is how to run the blog with the model client linked.
const modelClientCommand = "go run -tags openai ./blogapp"

// modelClientAdvice returns a warning when the environment (read through
// getenv) asks explainerr for the model, by the same rules explainerr
// applies, but this build of the blog does not link the model client; it
// names the command that does. It returns "" when nothing is missing.
func modelClientAdvice(getenv func(string) string) string {
	if _, linked := provider.Lookup("openai"); linked {
		return ""
	}
	var why string
	switch name := strings.ToLower(strings.TrimSpace(getenv("EXPLAINERR_PROVIDER"))); {
	case name == "openai":
		why = `EXPLAINERR_PROVIDER is "openai"`
	case name != "":
		return ""
	case getenv("OPENAI_API_KEY") != "":
		why = "OPENAI_API_KEY is set"
	case getenv("OPENAI_BASE_URL") != "":
		why = "OPENAI_BASE_URL is set"
	default:
		return ""
	}
	return "blogapp: " + why + ", but this build has no model client, so the offline analysis explains failures; " +
		"to ask the model, run: " + modelClientCommand
}
