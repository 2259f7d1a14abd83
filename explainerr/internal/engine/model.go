package engine

import "regexp"

// versionSuffix matches what providers append to a model name to pin a
// version: a date ("-2024-07-18", "-20241022"), a short number ("-0613",
// "-001"), or "-latest".
var versionSuffix = regexp.MustCompile(`^-(\d{4}-\d{2}-\d{2}|\d{8}|\d{3,4}|latest)$`)

// ModelMismatch reports whether the model a server says it served differs
// from the one asked for. A version suffix on either side does not count
// ("gpt-4o-mini" served as "gpt-4o-mini-2024-07-18" is the same model), nor
// do case, an OpenRouter "vendor/" prefix, or Ollama's ":latest" tag; a
// different model does ("gpt-4o" served as "gpt-4o-mini"). When either name
// is empty there is nothing to compare and the result is false.
func ModelMismatch(asked, served string) bool {
	a, s := normalizeModel(asked), normalizeModel(served)
	if a == "" || s == "" || a == s {
		return false
	}
	return !isVersionOf(s, a) && !isVersionOf(a, s)
}

// isVersionOf reports whether name is base followed by a version suffix.
func isVersionOf(name, base string) bool {
	return len(name) > len(base) && name[:len(base)] == base && versionSuffix.MatchString(name[len(base):])
}
