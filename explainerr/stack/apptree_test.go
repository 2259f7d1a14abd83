package stack

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// movedDump returns a dump of testdata/dumps whose files, made below
// /tmp/dumptest, are moved below dir.
func movedDump(t *testing.T, name, dir string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "dumps", name))
	if err != nil {
		t.Fatal(err)
	}
	return bytes.ReplaceAll(data, []byte("/tmp/dumptest"), []byte(filepath.ToSlash(dir)))
}

// writeGoMod writes a go.mod declaring module at dir.
func writeGoMod(t *testing.T, dir, module string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module "+module+"\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// kinds returns each frame's function and kind.
func kinds(frames []report.Frame) []string {
	var out []string
	for _, f := range frames {
		out = append(out, f.Function+" "+f.Kind)
	}
	return out
}

// TestParseDumpMainFramesOfModuleGoMod parses, with no module root (the
// command run outside the app), dumps whose main package frames lie in a
// module on this machine whose go.mod declares the app's module: they are
// the app's, closures of app packages inlined into main included.
func TestParseDumpMainFramesOfModuleGoMod(t *testing.T) {
	dir := t.TempDir()
	writeGoMod(t, filepath.Join(dir, "shop"), "example.com/shop")
	for _, name := range []string{"main-inlined-closures.txt", "main-only.txt"} {
		t.Run(name, func(t *testing.T) {
			d, err := ParseDump(bytes.NewReader(movedDump(t, name, dir)), NewClassifier("example.com/shop"))
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range d.Frames {
				if strings.HasPrefix(f.Function, "main.") && f.Kind != report.FrameApp {
					t.Errorf("%s is %s, want app; frames:\n%s", f.Function, f.Kind, strings.Join(kinds(d.Frames), "\n"))
				}
			}
		})
	}
	// Another module's go.mod makes no main frame the app's.
	other := t.TempDir()
	writeGoMod(t, filepath.Join(other, "shop"), "example.com/other")
	d, err := ParseDump(bytes.NewReader(movedDump(t, "main-only.txt", other)), NewClassifier("example.com/shop"))
	if err != nil {
		t.Fatal(err)
	}
	if got := appFunctions(d.Frames); len(got) != 0 {
		t.Errorf("app frames %q in a module that is not the app's", got)
	}
}

// TestParseDumpMainFramesInAppTree parses a dump whose files are not on
// this machine: main package frames whose files lie in the tree of the
// dump's other app frames are the app's; a main frame elsewhere is not.
func TestParseDumpMainFramesInAppTree(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "gone") // no go.mod anywhere
	d, err := ParseDump(bytes.NewReader(movedDump(t, "main-inlined-closures.txt", dir)), NewClassifier("example.com/shop"))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"main.init.2.(*Inventory).Restock.Retry.init.2.(*Inventory).Restock.func1.func2",
		"main.init.2.(*Inventory).Restock.func1",
		"example.com/shop/internal/store.Retry",
		"example.com/shop/internal/store.(*Inventory).Restock",
		"main.init.2",
	}
	if got := appFunctions(d.Frames); !slices.Equal(got, want) {
		t.Errorf("app frames:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	elsewhere := bytes.ReplaceAll(movedDump(t, "main-inlined-closures.txt", dir), []byte(filepath.ToSlash(dir)+"/shop/cmd/"), []byte("/elsewhere/cmd/"))
	d, err = ParseDump(bytes.NewReader(elsewhere), NewClassifier("example.com/shop"))
	if err != nil {
		t.Fatal(err)
	}
	if f := d.Frames[len(d.Frames)-1]; f.Function != "main.init.2" || f.Kind == report.FrameApp {
		t.Errorf("main.init.2 in /elsewhere counted as the app's: %+v", f)
	}
}

func TestAppTreeRootsNeedTheModuleRelativeTail(t *testing.T) {
	c := NewClassifier("example.com/shop")
	text := "goroutine 1 [running]:\n" +
		"example.com/shop/internal/store.F(...)\n\t/src/shop/internal/store/a.go:1\n" +
		"example.com/shop/internal/store.G(...)\n\t/src/elsewhere/b.go:2\n" + // inlined from elsewhere: no root
		"example.com/shop.H(...)\n\t/src/top/c.go:3\n" +
		"example.com/shop/x.I(...)\n\t/x/d.go:4 +0x1\n" // the root would be "/"
	snaps, err := scanSnapshots([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := appTreeRoots(snaps, c), []string{"/src/shop", "/src/top"}; !slices.Equal(got, want) {
		t.Errorf("appTreeRoots = %q, want %q", got, want)
	}
}

func TestIsAppSource(t *testing.T) {
	dir := t.TempDir()
	writeGoMod(t, filepath.Join(dir, "shop"), "example.com/shop")
	writeGoMod(t, filepath.Join(dir, "other"), "example.com/other")
	c := NewClassifier("example.com/shop")
	root := filepath.Join(dir, "root")
	tests := map[string]bool{
		filepath.Join(dir, "shop", "internal", "store", "store.go"): true,  // the app's go.mod
		filepath.Join(root, "x", "y.go"):                            true,  // below the module root
		filepath.Join(dir, "shop", "secret.env"):                    false, // not Go
		filepath.Join(dir, "other", "x.go"):                         false, // another module
		filepath.Join(dir, "loose.go"):                              false, // no module
		dir + "/shop/../other/x.go":                                 false, // not clean
		"internal/store/store.go":                                   false, // relative
		"example.com/shop/../../secret/fake.go":                     false,
	}
	for file, want := range tests {
		if got := c.IsAppSource(file, []string{root}); got != want {
			t.Errorf("IsAppSource(%q) = %v, want %v", file, got, want)
		}
	}
}
