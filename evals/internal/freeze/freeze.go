// Package freeze fingerprints a sample app and its fixtures, so that a
// change to them after they were frozen is seen and reported as a new,
// dated version. The evaluation reports the fingerprint with its figures;
// a test compares it with the one recorded in METHODOLOGY.md.
package freeze

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// hashedExtensions are the kinds of file that make up a sample app: its
// code, SQL, templates and fixtures. A database a developer created in the
// app's folder is not part of it.
var hashedExtensions = map[string]bool{".go": true, ".sql": true, ".html": true, ".json": true, ".md": true}

// Fingerprint is the hash of a sample app's files.
type Fingerprint struct {
	// SHA256 is the hex SHA-256 over the files, sorted by path: for each,
	// its slash-separated path from the repository root, a NUL byte, its
	// length in decimal, a NUL byte and its contents.
	SHA256 string
	// Files is how many files were hashed.
	Files int
}

// Hash fingerprints the app in dir, a slash-separated folder relative to
// the repository root at root (such as "invoiceapp").
func Hash(root, dir string) (Fingerprint, error) {
	base := filepath.Join(root, filepath.FromSlash(dir))
	var paths []string
	err := filepath.WalkDir(base, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !d.Type().IsRegular() || !hashedExtensions[filepath.Ext(p)] {
			return nil
		}
		rel, err := filepath.Rel(base, p)
		if err != nil {
			return err
		}
		paths = append(paths, path.Join(dir, filepath.ToSlash(rel)))
		return nil
	})
	if err != nil {
		return Fingerprint{}, fmt.Errorf("fingerprint %s: %w", dir, err)
	}
	if len(paths) == 0 {
		return Fingerprint{}, fmt.Errorf("fingerprint %s: no files", dir)
	}
	sort.Strings(paths)
	h := sha256.New()
	for _, p := range paths {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p)))
		if err != nil {
			return Fingerprint{}, fmt.Errorf("fingerprint %s: %w", dir, err)
		}
		h.Write([]byte(p + "\x00" + strconv.Itoa(len(data)) + "\x00"))
		h.Write(data)
	}
	return Fingerprint{SHA256: hex.EncodeToString(h.Sum(nil)), Files: len(paths)}, nil
}

// Record is one frozen version of an app, as METHODOLOGY.md records it in
// a table row "| app | version | date | files | `sha256` |".
type Record struct {
	App     string
	Version int
	Date    string
	Files   int
	SHA256  string
}

// Latest returns the highest version recorded for app in the text of
// METHODOLOGY.md.
func Latest(methodology, app string) (Record, error) {
	var latest Record
	for _, line := range strings.Split(methodology, "\n") {
		cells := strings.Split(strings.TrimSpace(line), "|")
		if len(cells) != 7 || strings.TrimSpace(cells[1]) != app {
			continue
		}
		r, err := parseRow(cells[1:6])
		if err != nil {
			return Record{}, fmt.Errorf("frozen %s: %q: %w", app, line, err)
		}
		if r.Version > latest.Version {
			latest = r
		}
	}
	if latest.Version == 0 {
		return Record{}, fmt.Errorf("no frozen version of %s is recorded", app)
	}
	return latest, nil
}

// parseRow reads the cells of one table row.
func parseRow(cells []string) (Record, error) {
	for i := range cells {
		cells[i] = strings.Trim(strings.TrimSpace(cells[i]), "`")
	}
	r := Record{App: cells[0], Date: cells[2], SHA256: cells[4]}
	var err error
	if r.Version, err = strconv.Atoi(cells[1]); err != nil || r.Version < 1 {
		return Record{}, fmt.Errorf("version %q is not a positive integer", cells[1])
	}
	if r.Files, err = strconv.Atoi(cells[3]); err != nil {
		return Record{}, fmt.Errorf("file count %q is not an integer", cells[3])
	}
	if len(r.SHA256) != 64 || strings.Trim(r.SHA256, "0123456789abcdef") != "" {
		return Record{}, fmt.Errorf("%q is not a hex SHA-256", r.SHA256)
	}
	if len(r.Date) != len("2006-01-02") {
		return Record{}, fmt.Errorf("date %q is not YYYY-MM-DD", r.Date)
	}
	return r, nil
}

// Check compares the app's files under root with the latest version
// recorded in methodology and returns that record and the fingerprint; the
// error says when they differ.
func Check(root, app, methodology string) (Record, Fingerprint, error) {
	rec, err := Latest(methodology, app)
	if err != nil {
		return Record{}, Fingerprint{}, err
	}
	fp, err := Hash(root, app)
	if err != nil {
		return rec, Fingerprint{}, err
	}
	if fp.SHA256 != rec.SHA256 {
		return rec, fp, fmt.Errorf("%s has changed since version %d (frozen %s): its files hash to %s (%d files), not %s (%d files); record the change as a new, dated version",
			app, rec.Version, rec.Date, fp.SHA256, fp.Files, rec.SHA256, rec.Files)
	}
	return rec, fp, nil
}
