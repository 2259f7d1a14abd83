package offline

import (
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// maxNameWalk bounds the directory entries looked at to list the module's
// templates, and maxNameFile the bytes read of each template file.
const (
	maxNameWalk = 20000
	maxNameFile = 64 << 10
	maxNames    = 30
)

// moduleTemplateNames returns the names templates of the module can be
// looked up by: the base names of its template files and the names of
// their {{define}} and {{block}} actions, sorted; nil when the module is
// not on disk or has more than maxNames.
func (a *analysis) moduleTemplateNames() []string {
	src := a.app()
	if src == nil || src.root == "" {
		return nil
	}
	seen := map[string]bool{}
	walked := 0
	define := compiled(`\{\{-?\s*(?:define|block)\s+"([^"]+)"`)
	filepath.WalkDir(src.root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if walked++; walked > maxNameWalk {
			return filepath.SkipAll
		}
		if d.IsDir() {
			if n := d.Name(); path != src.root && (n == "vendor" || n == "node_modules" || strings.HasPrefix(n, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !compiled(`\.(?:html|tmpl|gohtml|tpl)$`).MatchString(d.Name()) {
			return nil
		}
		seen[d.Name()] = true
		if info, err := d.Info(); err == nil && info.Size() <= maxNameFile {
			if data, err := os.ReadFile(path); err == nil {
				for _, m := range define.FindAllStringSubmatch(string(data), -1) {
					seen[m[1]] = true
				}
			}
		}
		return nil
	})
	if len(seen) > maxNames {
		return nil
	}
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
