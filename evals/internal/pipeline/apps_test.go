package pipeline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/evals/internal/records"
)

// appsRepoRoot is the module root, seen from this package's directory.
const appsRepoRoot = "../../.."

func TestLoadAppFixturesReadsEveryAppByDefault(t *testing.T) {
	af, err := loadAppFixtures(appsRepoRoot, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(af.apps) != 2 || af.apps[0].Name != "blogapp" || af.apps[1].Name != "invoiceapp" {
		t.Fatalf("apps %v", af.apps)
	}
	perApp := map[string]int{}
	for _, fx := range af.file.Fixtures {
		perApp[af.appOf[fx.ID]]++
	}
	if perApp["blogapp"] != 15 || perApp["invoiceapp"] < 20 {
		t.Errorf("fixtures per app %v, want 15 and at least 20", perApp)
	}
	secretsIn := map[string]bool{}
	for _, s := range af.file.PlantedSecrets {
		secretsIn[strings.SplitN(s.File, "/", 2)[0]] = true
	}
	if !secretsIn["blogapp"] || !secretsIn["invoiceapp"] {
		t.Errorf("planted secrets of %v, want both apps'", secretsIn)
	}
	// Only the apps whose fixtures run are started.
	blogOnly := af.file.Fixtures[:1]
	if got := af.appsOf(blogOnly); len(got) != 1 || got[0].Name != "blogapp" {
		t.Errorf("appsOf(one blog fixture) = %v", got)
	}
}

func TestLoadAppFixturesSelectsAndRejects(t *testing.T) {
	af, err := loadAppFixtures(appsRepoRoot, "", []string{"invoiceapp"})
	if err != nil {
		t.Fatal(err)
	}
	if len(af.apps) != 1 || af.appOf["featured_post_nil"] != "" {
		t.Errorf("-app invoiceapp loaded %v", af.apps)
	}
	if _, err := loadAppFixtures(appsRepoRoot, "", []string{"shopapp"}); err == nil || !strings.Contains(err.Error(), `"shopapp"`) {
		t.Errorf("an unknown app: error %v", err)
	}
	// A blog fixtures file that reuses an id of the invoicing app's.
	data, err := os.ReadFile(filepath.Join(appsRepoRoot, "blogapp", "fixtures.json"))
	if err != nil {
		t.Fatal(err)
	}
	dup := filepath.Join(t.TempDir(), "fixtures.json")
	if err := os.WriteFile(dup, []byte(strings.Replace(string(data), `"featured_post_nil"`, `"dashboard_status_literal"`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := loadAppFixtures(appsRepoRoot, dup, nil); err == nil || !strings.Contains(err.Error(), "unique across apps") {
		t.Errorf("a duplicate id: error %v", err)
	}
}

func TestIndexFilesKeepTheBlogsName(t *testing.T) {
	if indexFile("blogapp") != "index.db" || indexFile("invoiceapp") != "index-invoiceapp.db" {
		t.Errorf("index files %q, %q", indexFile("blogapp"), indexFile("invoiceapp"))
	}
}

func TestRowsOfARunMadeBeforeAppsAreTheBlogs(t *testing.T) {
	if got := runApps(&records.RunInfo{}); len(got) != 1 || got[0] != "blogapp" {
		t.Errorf("runApps of an old run = %v", got)
	}
	gens := withApps([]records.Generation{{Fixture: "a"}, {Fixture: "b", App: "invoiceapp"}})
	if gens[0].App != "blogapp" || gens[1].App != "invoiceapp" {
		t.Errorf("apps %q, %q", gens[0].App, gens[1].App)
	}
}
