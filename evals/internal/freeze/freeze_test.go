package freeze

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// repoRoot is the repository root, relative to this package.
const repoRoot = "../../.."

func TestTheInvoiceAppMatchesItsFrozenVersion(t *testing.T) {
	methodology, err := os.ReadFile(filepath.Join(repoRoot, "METHODOLOGY.md"))
	if err != nil {
		t.Fatal(err)
	}
	rec, fp, err := Check(repoRoot, "invoiceapp", string(methodology))
	if err != nil {
		t.Fatal(err)
	}
	if fp.Files != rec.Files {
		t.Errorf("hashed %d files, METHODOLOGY records %d", fp.Files, rec.Files)
	}
}

// writeApp writes files (slash path → contents) under a new root.
func writeApp(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for p, body := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestHashSeesEveryChangeAndIgnoresOtherFiles(t *testing.T) {
	files := map[string]string{"app/main.go": "package main\n", "app/q/a.sql": "SELECT 1;\n", "app/fixtures.json": "{}\n"}
	base, err := Hash(writeApp(t, files), "app")
	if err != nil {
		t.Fatal(err)
	}
	if base.Files != 3 {
		t.Errorf("hashed %d files, want 3", base.Files)
	}
	again, _ := Hash(writeApp(t, files), "app")
	if again != base {
		t.Errorf("the same files hash differently: %v, %v", base, again)
	}
	changes := map[string]func(map[string]string){
		"edited":  func(m map[string]string) { m["app/q/a.sql"] = "SELECT 2;\n" },
		"added":   func(m map[string]string) { m["app/web/x.html"] = "<p>" },
		"removed": func(m map[string]string) { delete(m, "app/fixtures.json") },
		"moved": func(m map[string]string) {
			m["app/r/a.sql"] = m["app/q/a.sql"]
			delete(m, "app/q/a.sql")
		},
		// Moving bytes from one file's end to the next file's start keeps
		// the concatenation; the lengths tell them apart.
		"bytes shifted": func(m map[string]string) {
			m["app/fixtures.json"] = "{"
			m["app/main.go"] = "}\npackage main\n"
		},
	}
	for name, change := range changes {
		m := map[string]string{}
		for k, v := range files {
			m[k] = v
		}
		change(m)
		fp, err := Hash(writeApp(t, m), "app")
		if err != nil {
			t.Fatal(err)
		}
		if fp.SHA256 == base.SHA256 {
			t.Errorf("%s: the hash did not change", name)
		}
	}
	m := map[string]string{"app/invoices.db": "data", "app/notes.txt": "x"}
	for k, v := range files {
		m[k] = v
	}
	if fp, _ := Hash(writeApp(t, m), "app"); fp != base {
		t.Error("a database or text file beside the app changed its hash")
	}
}

func TestHashOfAMissingOrEmptyAppIsAnError(t *testing.T) {
	if _, err := Hash(t.TempDir(), "nowhere"); err == nil {
		t.Error("no error for a missing folder")
	}
	if _, err := Hash(writeApp(t, map[string]string{"app/a.txt": "x"}), "app"); err == nil {
		t.Error("no error for a folder with no app files")
	}
}

// sampleHash is a well-formed SHA-256 for the table tests.
var sampleHash = strings.Repeat("ab", 32)

func TestLatestReadsTheHighestVersion(t *testing.T) {
	text := "intro\n| App | Version | Frozen on | Files | SHA-256 |\n|---|---|---|---|---|\n" +
		"| invoiceapp | 1 | 2026-12-02 | 40 | `" + sampleHash + "` |\n" +
		"| invoiceapp | 2 | 2027-01-10 | 41 | `" + strings.Repeat("cd", 32) + "` |\n" +
		"| otherapp | 3 | 2027-01-11 | 9 | `" + sampleHash + "` |\n"
	rec, err := Latest(text, "invoiceapp")
	if err != nil {
		t.Fatal(err)
	}
	if rec.Version != 2 || rec.Date != "2027-01-10" || rec.Files != 41 || rec.SHA256 != strings.Repeat("cd", 32) {
		t.Errorf("Latest = %+v", rec)
	}
}

func TestLatestRejectsMalformedRows(t *testing.T) {
	for name, row := range map[string]string{
		"no record":      "| blogapp | 1 | 2026-12-02 | 4 | `" + sampleHash + "` |",
		"bad version":    "| invoiceapp | one | 2026-12-02 | 4 | `" + sampleHash + "` |",
		"short hash":     "| invoiceapp | 1 | 2026-12-02 | 4 | `abc` |",
		"bad date":       "| invoiceapp | 1 | 2 Dec | 4 | `" + sampleHash + "` |",
		"bad count":      "| invoiceapp | 1 | 2026-12-02 | many | `" + sampleHash + "` |",
		"upper-case hex": "| invoiceapp | 1 | 2026-12-02 | 4 | `" + strings.ToUpper(sampleHash) + "` |",
	} {
		if _, err := Latest(row, "invoiceapp"); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestCheckNamesTheChange(t *testing.T) {
	root := writeApp(t, map[string]string{"app/main.go": "package main\n"})
	fp, err := Hash(root, "app")
	if err != nil {
		t.Fatal(err)
	}
	table := "| app | 1 | 2026-12-02 | 1 | `" + fp.SHA256 + "` |\n"
	if _, _, err := Check(root, "app", table); err != nil {
		t.Errorf("unchanged app: %v", err)
	}
	if err := os.WriteFile(filepath.Join(root, "app", "main.go"), []byte("package main // edited\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, err = Check(root, "app", table)
	if err == nil || !strings.Contains(err.Error(), "changed since version 1") {
		t.Errorf("edited app: error %v, want one naming the change", err)
	}
}
