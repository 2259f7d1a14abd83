package appsource

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// calleeModule is a small app whose handler calls code of its own package,
// of another package of the module, of the standard library, and methods
// whose names several types declare.
var calleeModule = map[string]string{
	"go.mod": "module example.com/shop\n",
	"store/store.go": `package store

type Store struct{ items map[string]int }

func New() *Store { return &Store{} }

func (s *Store) Get(sku string) int { return s.items[sku] }

func (s *Store) Error() string { return "store" }
`,
	"cart.go": `package shop

import (
	"errors"
	"strings"

	"example.com/shop/store"
)

type Cart struct {
	db    *store.Store
	lines map[string]int
}

type Other struct{}

func (Other) Get(string) int { return 0 }

func (c *Cart) Add(sku string) error {
	sku = normalize(sku)
	err := errors.New("x")
	_ = err.Error()
	n := c.db.Get(sku)
	c.lines[sku] += n
	return nil
}

func normalize(s string) string { return strings.TrimSpace(s) }

func Handle(q string) {
	c := &Cart{db: store.New()}
	func(k string) { c.Add(k) }(q)
	var o Other
	o.Get(q)
	go normalize(q)
}
`,
}

func calleeNames(t *testing.T, m *Module, file string, line int) string {
	t.Helper()
	f, fd := m.FuncAt(file, line)
	if fd == nil {
		t.Fatalf("no function at %s:%d", file, line)
	}
	var names []string
	for _, ref := range m.Callees(f, fd, line) {
		names = append(names, m.Rel(ref.File.Path)+":"+FuncName(ref.Decl))
	}
	return strings.Join(names, " ")
}

func TestCalleesAreResolvedByNameAndType(t *testing.T) {
	root := writeModule(t, calleeModule)
	cart := filepath.Join(root, "cart.go")
	m := Load(cart)
	if m == nil {
		t.Fatal("no module")
	}
	// Line 24 is "c.lines[sku] += n"; the store's Get is called on the line
	// before it, normalize earlier. err.Error() is the error interface's,
	// not the one method of the module called Error.
	if got, want := calleeNames(t, m, cart, 24), "store/store.go:(*Store).Get cart.go:normalize"; got != want {
		t.Errorf("callees of (*Cart).Add = %q, want %q", got, want)
	}
	// In Handle: the store package's New, Add called from a closure
	// through a composite literal, and Other.Get by the declared type.
	got := calleeNames(t, m, cart, 31)
	for _, want := range []string{"store/store.go:New", "cart.go:(*Cart).Add", "cart.go:Other.Get"} {
		if !strings.Contains(got, want) {
			t.Errorf("callees of Handle = %q, want %s among them", got, want)
		}
	}
	if strings.Contains(got, "(*Store).Get") {
		t.Errorf("callees of Handle = %q: o.Get is Other's, not the store's", got)
	}
	if strings.Contains(got, "normalize") {
		t.Errorf("callees of Handle = %q: normalize runs in a goroutine of its own", got)
	}
}

// TestCallOnItsOwnResult: a value assigned the result of a method called
// on itself (a builder's rb = rb.WithHeader(…)) is resolved without
// following itself for ever.
func TestCallOnItsOwnResult(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/build\n",
		"b.go": `package build

type Builder struct{ headers map[string]string }

func NewBuilder() *Builder { return &Builder{} }

func (b *Builder) WithHeader(k, v string) *Builder {
	b.headers[k] = v
	return b
}

func Proxy(referer string) *Builder {
	rb := NewBuilder()
	if referer != "" {
		rb = rb.WithHeader("Referer", referer)
	}
	rb = rb.WithHeader("Accept", "*/*")
	return rb
}
`,
	})
	m := Load(filepath.Join(root, "b.go"))
	f, fd := m.FuncAt(filepath.Join(root, "b.go"), 18)
	got := m.calleesIn(f, fd, nil, 18)
	if len(got) == 0 || FuncName(got[0].Decl) != "(*Builder).WithHeader" {
		t.Errorf("callees %v, want (*Builder).WithHeader", got)
	}
	r := shelfReport(root, "assignment to entry in nil map", report.Frame{Function: "example.com/build.(*Builder).WithHeader", File: "b.go", Line: 8},
		report.Frame{Function: "example.com/build.Proxy", File: "b.go", Line: 18})
	r.Error.Kind = report.KindPanic
	if cs := Static(r); len(cs) == 0 {
		t.Fatal("no context")
	}
}

// TestFunctionHandedOverAsAValue: a module function passed as an
// argument (a condition a helper applies) is among the callees of the
// function that passes it.
func TestFunctionHandedOverAsAValue(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/marks\n",
		"web/read.go": `package web

func olderThan(n int) bool { return n < 10 }

func markWith(id int, cond func(int) bool) bool { return cond(id) }

func markOlder(id int) bool {
	limit := id
	return markWith(limit, olderThan)
}
`,
	})
	m := Load(filepath.Join(root, "go.mod"))
	f := m.FileAt(filepath.Join(root, "web/read.go"))
	var names []string
	for _, ref := range m.Callees(f, m.funcNamedIn("markOlder", filepath.Join(root, "web")), 9) {
		names = append(names, FuncName(ref.Decl))
	}
	if !slices.Contains(names, "olderThan") || !slices.Contains(names, "markWith") {
		t.Errorf("callees of markOlder = %v, want markWith and olderThan", names)
	}
}
