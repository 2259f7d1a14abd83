package appsource

import (
	"crypto/sha256"
	"encoding/hex"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// loadModule lists the module at root and makes its Module: each file's
// facts come from the previous Module in memory (prev, nil when none) or
// from the persisted understanding when the file's content is unchanged,
// and are read from a parse otherwise. The persisted understanding is
// written again when anything in it changed. It returns prev itself when
// no file changed.
func loadModule(root, modPath string, prev *cached) *cached {
	files, stamp := listFiles(root)
	if prev != nil && prev.stamp == stamp {
		prev.checked = time.Now()
		return prev
	}
	next := &cached{stamp: stamp, checked: time.Now()}
	var before *Module
	if prev != nil {
		next.disk, next.foreign, before = prev.disk, prev.foreign, prev.mod
	} else {
		disk, err := readPersisted(root)
		if err != nil {
			next.foreign = err == errForeign
			noticeOnce("read "+root, "explainerr: module understanding file ignored, rebuilding it", "file", cachePath(root), "reason", err.Error())
		}
		next.disk = disk
	}
	m, changed := buildModule(root, files, before, next.disk)
	m.Path = modPath
	next.mod = m
	if changed {
		next.disk = persistedOf(m)
		if next.foreign {
			noticeOnce("foreign "+root, "explainerr: module understanding kept in memory only: the file at its path is not explainerr's", "file", cachePath(root))
		} else if err := writePersisted(root, next.disk); err != nil {
			noticeOnce("write "+root, "explainerr: module understanding kept in memory only: cannot write it", "file", cachePath(root), "error", err.Error())
		}
	}
	return next
}

// buildModule makes the Module of the listed files, and reports whether
// its files differ from those persisted in disk.
func buildModule(root string, files []listedFile, before *Module, disk *persisted) (*Module, bool) {
	var total int64
	for _, f := range files {
		total += f.size
	}
	m := &Module{Root: root, Fset: token.NewFileSet(), byPath: map[string]*File{}}
	reuse := map[string]*File{}
	if before != nil && int64(before.Fset.Base()) <= 4*(total+int64(len(files))+1) {
		m.Fset = before.Fset
		for _, f := range before.Files {
			reuse[f.Path] = f
		}
	}
	changed := len(files) != len(disk.Files)
	for _, lf := range files {
		f := reuse[lf.path]
		if f == nil || f.size != lf.size || !f.modTime.Equal(lf.modTime) {
			f = m.fileOf(lf, disk.Files[m.Rel(lf.path)])
		}
		if f == nil {
			changed = true
			continue
		}
		if e, ok := disk.Files[m.Rel(f.Path)]; !ok || e.Hash != f.hash || e.Size != f.size || e.ModTime != stampOf(f.modTime) {
			changed = true
		}
		m.Files = append(m.Files, f)
		m.byPath[filepath.Clean(f.Path)] = f
	}
	return m, changed
}

// fileOf makes the File of a listed file: with the persisted entry's
// facts when its size and time are those listed, or when its content's
// hash is the entry's; parsed for new facts otherwise. Nil when the file
// cannot be read.
func (m *Module) fileOf(lf listedFile, e persistedFile) *File {
	f := &File{Path: lf.path, size: lf.size, modTime: lf.modTime, fset: m.Fset}
	if e.Facts != nil && e.Size == lf.size && e.ModTime == stampOf(lf.modTime) {
		f.hash, f.facts = e.Hash, e.Facts
		return f
	}
	data, err := os.ReadFile(lf.path)
	if err != nil {
		return nil
	}
	sum := sha256.Sum256(data)
	f.hash = hex.EncodeToString(sum[:])
	f.readOnce.Do(func() { f.lines = strings.Split(string(data), "\n") })
	if e.Facts != nil && e.Hash == f.hash {
		f.facts = e.Facts
		return f
	}
	f.parseOnce.Do(func() {
		parses.Add(1)
		af, _ := parser.ParseFile(m.Fset, lf.path, data, parser.SkipObjectResolution)
		if af != nil {
			f.ast = af
		}
	})
	if f.ast == nil {
		return nil
	}
	f.facts = factsOf(m.Fset, f.ast, data)
	return f
}

// persistedOf is what persists of m.
func persistedOf(m *Module) *persisted {
	p := &persisted{Version: factsVersion, Root: m.Root, Files: make(map[string]persistedFile, len(m.Files))}
	for _, f := range m.Files {
		p.Files[m.Rel(f.Path)] = persistedFile{Size: f.size, ModTime: stampOf(f.modTime), Hash: f.hash, Facts: f.facts}
	}
	return p
}
