package gate

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Leak is one planted secret found where it must not be.
type Leak struct {
	// Where names the prompt, page or file that holds the secret.
	Where string `json:"where"`
	// Secret is shown masked: its first four characters and its length.
	Secret string `json:"secret"`
}

// MaskSecret shows enough of a secret to recognise it, and no more.
func MaskSecret(s string) string {
	r := []rune(s)
	if len(r) <= 4 {
		return strings.Repeat("*", len(r))
	}
	return string(r[:4]) + strings.Repeat("*", len(r)-4)
}

// FindLeaks returns a Leak for every secret that occurs in text.
func FindLeaks(where, text string, secrets []string) []Leak {
	var out []Leak
	for _, s := range secrets {
		if s != "" && strings.Contains(text, s) {
			out = append(out, Leak{Where: where, Secret: MaskSecret(s)})
		}
	}
	return out
}

// ScanDir looks for the secrets in every regular file under dir, and
// returns the leaks sorted by file.
func ScanDir(dir string, secrets []string) ([]Leak, error) {
	var out []Leak
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.Type().IsRegular() {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, s := range secrets {
			if s != "" && bytes.Contains(data, []byte(s)) {
				rel, _ := filepath.Rel(dir, p)
				out = append(out, Leak{Where: filepath.ToSlash(rel), Secret: MaskSecret(s)})
			}
		}
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Where < out[j].Where })
	return out, err
}
