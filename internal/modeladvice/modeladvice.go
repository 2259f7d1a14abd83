// Package modeladvice tells the user of a program built without
// explainerr's model client, whose environment asks for a model, which
// command links it.
package modeladvice

import (
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider"
)

// Advice returns a warning when the environment (read through getenv)
// asks explainerr for the model, by the same rules explainerr applies, but
// the program does not link the model client; the warning ends with
// command, the way to run the program with it. Advice returns "" when
// nothing is missing.
func Advice(getenv func(string) string, program, command string) string {
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
	return program + ": " + why + ", but this build has no model client, so the offline analysis explains failures; " +
		"to ask the model, run: " + command
}
