package checker

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// pinnedModule is a set's module.json: the version of a public Go module
// the set's sentences are about, as the Go module proxy serves it, and the
// files of it the checker reads. The repository holds no copy of the
// module's code: the tests fetch it with the go command into the module
// cache.
type pinnedModule struct {
	// Module and Version name the module version ("goji.io/v3", "v3.0.0").
	Module  string `json:"module"`
	Version string `json:"version"`
	// Sum is the module's h1: hash, as go.sum records it; the fetched
	// module must have it.
	Sum string `json:"sum"`
	// Files are the slash-separated paths, in the module, of the files the
	// checker reads.
	Files []string `json:"files"`
}

// String returns "module@version".
func (p pinnedModule) String() string { return p.Module + "@" + p.Version }

// setsDir is the folder of the sets' folders; a test of moduleDir points
// it elsewhere.
var setsDir = "testdata"

// readPin reads the module.json of the set in setsDir/set.
func readPin(set string) (pinnedModule, error) {
	var p pinnedModule
	data, err := os.ReadFile(filepath.Join(setsDir, set, "module.json"))
	if err != nil {
		return p, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return p, fmt.Errorf("testdata/%s/module.json: %w", set, err)
	}
	if p.Module == "" || p.Version == "" || !strings.HasPrefix(p.Sum, "h1:") || len(p.Files) == 0 {
		return p, fmt.Errorf("testdata/%s/module.json: module, version, an h1: sum and files are required", set)
	}
	return p, nil
}

// fetchedModule is one pinned module, fetched once per test binary.
type fetchedModule struct {
	once sync.Once
	dir  string
	err  error
}

var (
	fetchedMu sync.Mutex
	fetched   = map[string]*fetchedModule{}
	// fetchRoot holds the directories of the fetched modules; TestMain
	// removes it.
	fetchRoot     string
	fetchRootErr  error
	fetchRootOnce sync.Once
)

// moduleDir returns a directory holding the files the set in setsDir/set
// pins (its module.json) and the module's own go.mod, for load and
// cached. The module is fetched with the go command into the module
// cache, once per test binary; the test fails, naming the module, when
// it cannot be (no network and not in the cache) or when what the go
// command fetched does not have the pinned sum.
func moduleDir(t *testing.T, set string) string {
	t.Helper()
	pin, err := readPin(set)
	if err != nil {
		t.Fatal(err)
	}
	fetchRootOnce.Do(func() { fetchRoot, fetchRootErr = os.MkdirTemp("", "checker-modules-") })
	if fetchRootErr != nil {
		t.Fatal(fetchRootErr)
	}
	fetchedMu.Lock()
	f, ok := fetched[pin.String()]
	if !ok {
		f = &fetchedModule{}
		fetched[pin.String()] = f
	}
	fetchedMu.Unlock()
	f.once.Do(func() {
		f.dir = filepath.Join(fetchRoot, strings.NewReplacer("/", "_", "@", "_").Replace(pin.String()))
		f.err = fetchPinned(pin, f.dir)
	})
	if f.err != nil {
		t.Fatalf("set %s: %v", set, f.err)
	}
	return f.dir
}

// downloaded is what "go mod download -json" says of a module version.
type downloaded struct {
	Dir, GoMod, Sum, Error string
}

// download fetches pin with the go command, outside any module and
// workspace and with the caller's environment (GOPROXY, GOMODCACHE, ...),
// and returns what the go command says of it.
func download(pin pinnedModule) (downloaded, error) {
	var d downloaded
	work, err := os.MkdirTemp("", "checker-download-")
	if err != nil {
		return d, err
	}
	defer os.RemoveAll(work)
	cmd := exec.Command("go", "mod", "download", "-json", pin.String())
	cmd.Dir = work
	cmd.Env = append(os.Environ(), "GOWORK=off", "GO111MODULE=on")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, runErr := cmd.Output()
	if err := json.Unmarshal(out, &d); err != nil && runErr == nil {
		return d, fmt.Errorf("module %s: reading go mod download's answer: %w", pin, err)
	}
	if runErr != nil || d.Error != "" {
		return d, fmt.Errorf("module %s could not be fetched with the go command (no network, and not in the module cache?): %v %s %s",
			pin, runErr, d.Error, strings.TrimSpace(stderr.String()))
	}
	return d, nil
}

// fetchPinned downloads pin, checks its sum and copies its go.mod and the
// files pin lists into dir.
func fetchPinned(pin pinnedModule, dir string) error {
	d, err := download(pin)
	if err != nil {
		return err
	}
	if d.Sum != pin.Sum {
		return fmt.Errorf("module %s: the go command fetched a module whose sum is %s, but module.json pins %s: it is not the code the sentences are about", pin, d.Sum, pin.Sum)
	}
	copies := map[string]string{"go.mod": d.GoMod}
	// A module that imports another vouches for it in its go.sum, which
	// loading its packages needs.
	if sum := filepath.Join(d.Dir, "go.sum"); fileExists(sum) {
		copies["go.sum"] = sum
	}
	for _, f := range pin.Files {
		if f == "go.mod" || f == ".." || path.IsAbs(f) || path.Clean(f) != f || strings.HasPrefix(f, "../") {
			return fmt.Errorf("module %s: %q is not a file path inside the module", pin, f)
		}
		copies[f] = filepath.Join(d.Dir, filepath.FromSlash(f))
	}
	for rel, from := range copies {
		data, err := os.ReadFile(from)
		if err != nil {
			return fmt.Errorf("module %s: %w", pin, err)
		}
		to := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(to, data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// fileExists reports whether name is a regular file.
func fileExists(name string) bool {
	fi, err := os.Stat(name)
	return err == nil && fi.Mode().IsRegular()
}

// TestMain runs the tests and removes the fetched modules' directories.
func TestMain(m *testing.M) {
	code := m.Run()
	if fetchRoot != "" {
		os.RemoveAll(fetchRoot)
	}
	os.Exit(code)
}
