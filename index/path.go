package index

import (
	"fmt"
	"path/filepath"

	"github.com/explainerr/explainerr/internal/gomodule"
)

// DefaultRelPath is where an index lives, relative to the module root.
const DefaultRelPath = ".explainerr/index.db"

// DefaultPath returns the default index file for the module containing
// dir: ".explainerr/index.db" at the nearest go.mod at or above dir.
func DefaultPath(dir string) (string, error) {
	root, err := ModuleRoot(dir)
	if err != nil {
		return "", err
	}
	return filepath.Join(root, filepath.FromSlash(DefaultRelPath)), nil
}

// ModuleRoot returns the directory of the nearest go.mod at or above dir.
func ModuleRoot(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	_, root := gomodule.At(abs)
	if root == "" {
		return "", fmt.Errorf("no go.mod at or above %s: run explainerr inside a Go module", abs)
	}
	return root, nil
}
