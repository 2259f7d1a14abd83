package engine

import "regexp"

// versionSuffix matches what providers append to a model name to pin a
// version: a date ("-2024-07-18", "-20241022"), a short number ("-0613",
// "-001"), or "-latest".
var versionSuffix = regexp.MustCompile(`^-(\d{4}-\d{2}-\d{2}|\d{8}|\d{3,4}|latest)$`)

// isVersionOf reports whether name is base followed by a version suffix.
func isVersionOf(name, base string) bool {
	return len(name) > len(base) && name[:len(base)] == base && versionSuffix.MatchString(name[len(base):])
}
