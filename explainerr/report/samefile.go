package report

import (
	"path"
	"strings"
)

// SameFile reports whether two slash-separated paths name the same file,
// one possibly relative to a directory the other includes: a chunk of an
// index built in an app's folder ("app/handlers.go") and one of the
// module it is part of ("blogapp/app/handlers.go").
func SameFile(a, b string) bool {
	a, b = path.Clean(strings.TrimPrefix(a, "./")), path.Clean(strings.TrimPrefix(b, "./"))
	return a == b || strings.HasSuffix(a, "/"+b) || strings.HasSuffix(b, "/"+a)
}
