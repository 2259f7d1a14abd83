package historyhttp

import "strings"

// Path is where the failure history is served.
const Path = "/_explainerr/"

// ReportsPath is the prefix of a stored report's page: ReportsPath + id.
const ReportsPath = Path + "reports/"

// IsPath reports whether path is the history's: Path, below it, or Path
// without its final slash (redirected).
func IsPath(path string) bool {
	return strings.HasPrefix(path, Path) || path == Path[:len(Path)-1]
}
