package shapes

import "strings"

// Join joins names with commas; packages the module imports, and others
// it does not, have functions of the same name.
func Join(names []string) string {
	return strings.Join(names, ",")
}
