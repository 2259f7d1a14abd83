package explainerr

import (
	"go/types"
	"sort"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestAPIReachesNoGenericInstances guards the rebuild of an app's main
// package: the compiler of every package that imports explainerr compiles
// again the methods of each generic instance reachable from the types of
// explainerr's exported API (a sync.Map, being an internal/sync.HashTrieMap,
// cost about a tenth of a second of every one-line edit's rebuild). Only
// net/netip's Handle, with its one small method, may be reached.
func TestAPIReachesNoGenericInstances(t *testing.T) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes}
	pkgs, err := packages.Load(cfg, "github.com/explainerr/explainerr/explainerr", "github.com/explainerr/explainerr/handler")
	if err != nil {
		t.Fatal(err)
	}
	allowed := map[string]bool{"unique.Handle[net/netip.addrDetail]": true}
	found := map[string]string{} // instance -> the path that reaches it
	seen := map[types.Type]bool{}
	var walk func(t types.Type, path string)
	walk = func(t types.Type, path string) {
		if seen[t] {
			return
		}
		seen[t] = true
		switch t := t.(type) {
		case *types.Named:
			if t.TypeArgs().Len() > 0 {
				found[t.String()] = path
			}
			walk(t.Underlying(), path+" > "+t.Obj().Name())
		case *types.Alias:
			walk(types.Unalias(t), path)
		case *types.Pointer:
			walk(t.Elem(), path)
		case *types.Slice:
			walk(t.Elem(), path)
		case *types.Array:
			walk(t.Elem(), path)
		case *types.Map:
			walk(t.Key(), path)
			walk(t.Elem(), path)
		case *types.Chan:
			walk(t.Elem(), path)
		case *types.Struct:
			for i := range t.NumFields() {
				walk(t.Field(i).Type(), path+"."+t.Field(i).Name())
			}
		case *types.Signature:
			for v := range t.Params().Variables() {
				walk(v.Type(), path+"(param)")
			}
			for v := range t.Results().Variables() {
				walk(v.Type(), path+"(result)")
			}
		}
	}
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			t.Fatalf("loading %s: %v", p.PkgPath, p.Errors)
		}
		scope := p.Types.Scope()
		for _, name := range scope.Names() {
			obj := scope.Lookup(name)
			if !obj.Exported() {
				continue
			}
			walk(obj.Type(), p.Name+"."+name)
			named, ok := obj.Type().(*types.Named)
			if !ok {
				continue
			}
			methods := types.NewMethodSet(types.NewPointer(named))
			for m := range methods.Methods() {
				walk(m.Type(), p.Name+"."+name+"."+m.Obj().Name())
			}
		}
	}
	if len(found) == 0 {
		t.Fatal("the walk found no instance at all, not even net/netip's Handle: it does not reach the API's fields")
	}
	var names []string
	for name := range found {
		if !allowed[name] {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	for _, name := range names {
		t.Errorf("the exported API reaches the generic instance %s (through %s): use a non-generic type there", name, found[name])
	}
}
