package appsource

import (
	"path/filepath"
	"testing"
)

func TestVarFuncAtNamesTheVariable(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/v\n\ngo 1.22\n",
		"h.go": `package v

func wrap(f func() error) func() error { return f }

var Stats, Email = wrap(func() error {
	return count()
}), wrap(func() error {
	return nil
})

func count() error { return nil }
`,
	})
	file := filepath.Join(root, "h.go")
	m := Load(file)
	if m == nil {
		t.Fatal("no module")
	}
	for line, want := range map[int]string{6: "Stats", 8: "Email"} {
		f, fd := m.FuncOrVarAt(file, line)
		if fd == nil || fd.Name.Name != want {
			t.Fatalf("line %d: got %v, want the literal of %s", line, fd, want)
		}
		if line == 6 {
			if refs := m.Callees(f, fd, line); len(refs) != 1 || refs[0].Decl.Name.Name != "count" {
				t.Errorf("callees of Stats' literal = %v, want count", refs)
			}
		}
	}
	if _, fd := m.VarFuncAt(file, 11); fd != nil {
		t.Errorf("line 11 is in count, not in a variable's literal: got %s", fd.Name.Name)
	}
	if _, fd := m.FuncOrVarAt(file, 11); fd == nil || fd.Name.Name != "count" {
		t.Errorf("FuncOrVarAt(11) = %v, want count", fd)
	}
}
