package pipeline

import (
	"fmt"
	"path/filepath"

	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/evals/internal/harness"
)

// appFixtures are the fixtures of the sample apps a run covers, merged
// into one file: fixture ids are unique across apps.
type appFixtures struct {
	// file holds every app's fixtures, in app order, and their planted
	// secrets.
	file *fixture.File
	// apps are the apps, in report order; paths their fixtures files.
	apps  []harness.App
	paths map[string]string
	// appOf maps a fixture id to its app's name.
	appOf map[string]string
}

// loadAppFixtures reads the fixtures of the apps called names (every app
// when empty). The blog's fixtures file is blogFixtures, so that -fixtures
// can replace it; the others are read from their place under root.
func loadAppFixtures(root, blogFixtures string, names []string) (*appFixtures, error) {
	apps := harness.Apps()
	if len(names) > 0 {
		apps = nil
		for _, name := range names {
			a, ok := harness.AppByName(name)
			if !ok {
				return nil, fmt.Errorf("-app %q: no such sample app (have blogapp, invoiceapp)", name)
			}
			apps = append(apps, a)
		}
	}
	af := &appFixtures{file: &fixture.File{}, apps: apps, paths: map[string]string{}, appOf: map[string]string{}}
	for _, a := range apps {
		path := filepath.Join(root, filepath.FromSlash(a.FixturesFile))
		if a.Name == harness.BlogApp.Name && blogFixtures != "" {
			path = blogFixtures
		}
		ff, err := fixture.Load(path)
		if err != nil {
			return nil, err
		}
		af.paths[a.Name] = path
		for _, fx := range ff.Fixtures {
			if other, dup := af.appOf[fx.ID]; dup {
				return nil, fmt.Errorf("fixture id %q is in both %s and %s: ids must be unique across apps", fx.ID, other, a.Name)
			}
			af.appOf[fx.ID] = a.Name
			af.file.Fixtures = append(af.file.Fixtures, fx)
		}
		af.file.PlantedSecrets = append(af.file.PlantedSecrets, ff.PlantedSecrets...)
	}
	return af, nil
}

// appsOf returns the apps, in order, that hold at least one of fixes.
func (af *appFixtures) appsOf(fixes []fixture.Fixture) []harness.App {
	used := map[string]bool{}
	for _, fx := range fixes {
		used[af.appOf[fx.ID]] = true
	}
	var out []harness.App
	for _, a := range af.apps {
		if used[a.Name] {
			out = append(out, a)
		}
	}
	return out
}

// indexFile is the name of an app's index in the run directory: the
// blog's keeps the name it had when it was the only app.
func indexFile(app string) string {
	if app == harness.BlogApp.Name {
		return "index.db"
	}
	return "index-" + app + ".db"
}
