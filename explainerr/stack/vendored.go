package stack

import "strings"

// Before modules, projects kept copies of their dependencies inside their
// own tree: in vendor/, but also in Godeps/_workspace/src/ (godep), in
// third_party/ and similar directories. Such a copy's import path starts
// with the app's, yet its code is somebody else's library.

// copyDirs are the directories that always hold copies of other projects'
// packages, by their path inside a tree ("vendor", "Godeps/_workspace/src").
var copyDirs = []string{"vendor", "Godeps/_workspace/src"}

// hostCopyDirs are the directories that hold copies of other projects'
// packages when the path after them starts with a host name
// ("third_party/code.google.com/p/go.crypto"); a project may well name its
// own packages "external" or "third_party/ui".
var hostCopyDirs = []string{"third_party", "third-party", "thirdparty", "_vendor", "external", "deps"}

// isVendored reports whether p, an import path or a slash-separated file
// path, lies in a copy of another project's code kept inside a tree:
// below vendor/ or Godeps/_workspace/src/, or below third_party/ (and the
// like) followed by a host name.
func isVendored(p string) bool {
	for _, d := range copyDirs {
		if strings.HasPrefix(p, d+"/") || strings.Contains(p, "/"+d+"/") {
			return true
		}
	}
	for _, d := range hostCopyDirs {
		for rest := p; ; {
			i := strings.Index(rest, d+"/")
			if i < 0 {
				break
			}
			after := rest[i+len(d)+1:]
			if (i == 0 || rest[i-1] == '/') && isHostElem(after) {
				return true
			}
			rest = after
		}
	}
	return false
}

// isHostElem reports whether the first element of the path p is a host
// name such as "github.com" or "code.google.com" (with a dot, and more
// elements after it).
func isHostElem(p string) bool {
	first, rest, ok := strings.Cut(p, "/")
	if !ok || rest == "" || !strings.Contains(first, ".") || strings.HasPrefix(first, ".") || strings.HasSuffix(first, ".") {
		return false
	}
	for _, r := range first {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '.' || r == '-') {
			return false
		}
	}
	return true
}
