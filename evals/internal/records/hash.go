package records

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// treeExts are the extensions of files that can change a run's results.
var treeExts = map[string]bool{".go": true, ".html": true, ".tmpl": true, ".gohtml": true, ".sql": true}

// treeFiles are other files that can change a run's results.
var treeFiles = map[string]bool{"go.mod": true, "go.sum": true, "blogapp/fixtures.json": true, "invoiceapp/fixtures.json": true}

// gradersDir holds the evaluation's own code: the graders.
const gradersDir = "evals"

// SourceTreeHash hashes every file of the module at root that can change
// what the product sends and answers: Go files (tests excluded),
// templates, SQL, go.mod, go.sum and the fixtures file; hidden
// directories, testdata and the graders (evals/) are left out, so that
// changing a grader and regrading does not make a run stale. Paths and
// contents both count.
func SourceTreeHash(root string) (string, error) {
	return hashTree(root, func(rel string) bool { return rel != gradersDir }, func(string) bool { return true })
}

// GradersHash hashes the graders: the evaluation's own Go files under
// evals/ (tests and stored results left out) and the sample apps'
// fixtures files they read.
func GradersHash(root string) (string, error) {
	inGraders := func(rel string) bool { return rel == gradersDir || strings.HasPrefix(rel, gradersDir+"/") }
	return hashTree(root,
		func(dir string) bool { return inGraders(dir) || dir == "blogapp" || dir == "invoiceapp" },
		func(file string) bool {
			return inGraders(file) || file == "blogapp/fixtures.json" || file == "invoiceapp/fixtures.json"
		})
}

// hashTree hashes the files of treeExts and treeFiles under root that are
// in directories enter accepts and that keep accepts.
func hashTree(root string, enter, keep func(rel string) bool) (string, error) {
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			name := d.Name()
			if rel != "." && (strings.HasPrefix(name, ".") || name == "testdata" || rel == "evals/results" || !enter(rel)) {
				return filepath.SkipDir
			}
			return nil
		}
		if !keep(rel) {
			return nil
		}
		if treeFiles[rel] || treeExts[filepath.Ext(p)] && !strings.HasSuffix(p, "_test.go") {
			files = append(files, rel)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	sort.Strings(files)
	h := sha256.New()
	for _, rel := range files {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			return "", err
		}
		io.WriteString(h, rel)
		h.Write([]byte{0})
		fh := sha256.Sum256(data)
		h.Write(fh[:])
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// FileHash returns the SHA-256 of a file's content.
func FileHash(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// GitRevision returns the HEAD commit of the repository at root and whether
// its working tree has changes; "unknown" when git cannot tell.
func GitRevision(root string) (rev string, dirty bool) {
	out, err := exec.Command("git", "-C", root, "rev-parse", "HEAD").Output()
	if err != nil {
		return "unknown", false
	}
	rev = strings.TrimSpace(string(out))
	st, err := exec.Command("git", "-C", root, "status", "--porcelain", "--untracked-files=no").Output()
	return rev, err == nil && len(strings.TrimSpace(string(st))) > 0
}

// Stale compares a run's recorded tree hash with the current one and
// returns a warning, or "" when they match.
func Stale(info *RunInfo, now string) string {
	if now == info.SourceTreeHash {
		return ""
	}
	return "STALE: these results were made from source tree " + short(info.SourceTreeHash) +
		" (git " + short(info.GitRevision) + "), but the tree is now " + short(now) +
		": re-run the evaluation before trusting them"
}

func short(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	return h
}
