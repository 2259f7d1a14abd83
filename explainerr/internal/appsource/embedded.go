package appsource

import "path/filepath"

// Embedder is a struct type of the module that embeds another type: a
// method promoted from the embedded type runs on the embedded field, which
// the literals that build the struct may leave out.
type Embedder struct {
	// Dir is the directory of the struct's package; Name the struct's.
	Dir, Name string
}

// EmbeddersOf returns the module's struct types that embed the type named
// name (as name or *name, of any package of the module), read from the
// files' facts, in the order of the module's files.
func (m *Module) EmbeddersOf(name string) []Embedder {
	var out []Embedder
	for _, f := range m.Files {
		if f.facts == nil {
			continue
		}
		for _, t := range f.facts.Types {
			if t.Interface {
				continue
			}
			for _, e := range t.Embedded {
				if e.Name == name {
					out = append(out, Embedder{Dir: filepath.Dir(f.Path), Name: t.Name})
					break
				}
			}
		}
	}
	return out
}
