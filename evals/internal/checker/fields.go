package checker

import (
	"fmt"
	"go/types"
	"reflect"
	"strings"

	"github.com/explainerr/explainerr/evals/internal/source"
)

// checkField checks "Type.Field T", "x.y.Field T" or "Field T": the field
// exists where the chain puts it (through pointers: "`l.last.Owner.Name`")
// and has that type, pointer included ("*Owner" is not "Owner"). A field
// of interface type reached through a variable may be said to be what
// its value is (see mayHold); one written with its type may not.
func (c *Checker) checkField(s string, scope []*source.Func) (string, string) {
	mm := fieldSpanRe.FindStringSubmatch(s)
	if mm == nil {
		return UnknownIdentifier, "not a field claim: " + s
	}
	sel, typ := mm[1], strings.ReplaceAll(mm[2], " ", "")
	name := lastName(sel)
	if c.namesValueOnly(typ) {
		// "`match.MatchErr` is `ErrMethodMismatch`": what the field
		// holds, a variable of the module, not its type.
		return Verified, typ + " is a value, not a type: not a claim about " + name + "'s type"
	}
	var vars []*types.Var
	if strings.Contains(sel, ".") {
		res := c.checkSelector(sel, scope)
		if res.v != Verified {
			return res.v, res.reason
		}
		vars = c.fieldVars(strings.Split(sel, "."), scope)
	} else {
		// "`key string`" said of a function the sentence names: its
		// parameter (or local), before a field of that name elsewhere.
		for _, o := range localObjects(scope, name) {
			if v, ok := o.(*types.Var); ok && !v.IsField() {
				vars = append(vars, v)
			}
		}
		if len(vars) == 0 {
			// A bare "`key string`" may be a field or a parameter of a
			// function the sentence names in prose: either, when one of
			// each is so called.
			vars = append(c.varsNamed(name, scope, true), c.paramsNamed(name)...)
		}
		if len(vars) == 0 {
			// "`next byte`", a named result or parameter: a variable.
			vars = c.varsNamed(name, scope, false)
		}
	}
	if len(vars) == 0 {
		if c.m.Exists(name) {
			return Contradicted, name + " exists, but not as a field"
		}
		return UnknownIdentifier, "no field or variable called " + name
	}
	// "`Mux.NotFound` is an `http.HandlerFunc`" speaks of the declared
	// field, written with its type: the field's own type is meant, not
	// what a value of it may hold.
	declared := len(c.m.TypeNamed(strings.Split(sel, ".")[0])) > 0 && len(localObjects(scope, strings.Split(sel, ".")[0])) == 0 && strings.Contains(sel, ".")
	var have []string
	for _, v := range vars {
		if !declared && c.mayHold(v.Type(), typ) {
			return Verified, fmt.Sprintf("%s is an interface that may hold a %s", name, typ)
		}
		t := types.TypeString(v.Type(), source.Qualifier)
		// Types of the field's own package are written without it.
		local := types.TypeString(v.Type(), types.RelativeTo(v.Pkg()))
		if strings.ReplaceAll(t, " ", "") == typ || strings.ReplaceAll(local, " ", "") == typ {
			return Verified, fmt.Sprintf("%s has type %s", name, t)
		}
		have = append(have, t)
	}
	return Contradicted, fmt.Sprintf("%s has type %s, not %s", name, strings.Join(have, " or "), typ)
}

// varsNamed returns the module's fields called name, or its other
// variables (parameters, named results, locals) when fields is false,
// those of the functions in scope first.
func (c *Checker) varsNamed(name string, scope []*source.Func, fields bool) []*types.Var {
	var out []*types.Var
	for _, objs := range [][]types.Object{localObjects(scope, name), c.m.Objects[name]} {
		for _, o := range objs {
			if v, ok := o.(*types.Var); ok && v.IsField() == fields {
				out = append(out, v)
			}
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// headTypes returns the types a chain's first name may have: a package
// member ("taskstore.New"), or the objects of that name (the variables of
// the functions in scope first).
func (c *Checker) headTypes(parts []string, scope []*source.Func) ([]types.Type, int) {
	head := parts[0]
	objs := localObjects(scope, head)
	if len(objs) == 0 {
		objs = append(append([]types.Object{}, c.m.Objects[head]...), c.implicitObjects(head)...)
	}
	var cur []types.Type
	for _, o := range objs {
		if _, isPkg := o.(*types.PkgName); !isPkg {
			cur = append(cur, o.Type())
		}
	}
	if len(cur) > 0 || len(parts) < 2 {
		return cur, 1
	}
	for _, p := range c.packagesNamed(head) {
		if o := p.Scope().Lookup(parts[1]); o != nil {
			cur = append(cur, o.Type())
		}
	}
	return cur, 2
}

// fieldVars returns the struct fields a chain "x.y.Field" ends at.
func (c *Checker) fieldVars(parts []string, scope []*source.Func) []*types.Var {
	cur, start := c.headTypes(parts, scope)
	if start >= len(parts) {
		return nil
	}
	var out []*types.Var
	for _, t := range memberTypes(cur, parts[start:len(parts)-1]) {
		if v, ok := lookupMember(t, parts[len(parts)-1]).(*types.Var); ok && v.IsField() {
			out = append(out, v)
		}
	}
	return out
}

// memberTypes returns the types reached from cur through the successive
// members names (fields or methods, exported or not).
func memberTypes(cur []types.Type, names []string) []types.Type {
	for _, name := range names {
		var next []types.Type
		for _, t := range cur {
			if obj := lookupMember(t, name); obj != nil {
				next = append(next, obj.Type())
			}
		}
		cur = next
	}
	return cur
}

// lookupMember finds a field or method of t, exported or not.
func lookupMember(t types.Type, name string) types.Object {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, name)
	if obj == nil {
		if n := namedOf(t); n != nil {
			obj, _, _ = types.LookupFieldOrMethod(t, true, n.Obj().Pkg(), name)
		}
	}
	if obj == nil {
		obj = jsonTagged(t, name)
	}
	return obj
}

// jsonTagged returns the field of the struct type t (behind pointers,
// slices and maps) that a json tag names name: encoding/json writes a
// struct field's path in its errors by those names
// ("Settings.privacy.exportable").
func jsonTagged(t types.Type, name string) types.Object {
	for {
		switch x := t.(type) {
		case *types.Pointer:
			t = x.Elem()
			continue
		case *types.Slice:
			t = x.Elem()
			continue
		case *types.Map:
			t = x.Elem()
			continue
		}
		break
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := 0; i < st.NumFields(); i++ {
		tag, _, _ := strings.Cut(reflect.StructTag(st.Tag(i)).Get("json"), ",")
		if tag == name {
			return st.Field(i)
		}
	}
	return nil
}

// checkLiteralField checks a key of a composite literal ("Account.ID" from
// "`Account{ID: 1}`"): the literal's type must have that field itself, not
// only through an embedded struct, which a literal cannot set.
func (c *Checker) checkLiteralField(sel string, scope []*source.Func) verdict {
	res := c.checkSelector(sel, scope)
	if res.v != Verified {
		return res
	}
	parts := strings.Split(normalizeSelector(sel), ".")
	owners, start := c.headTypes(parts[:len(parts)-1], scope)
	if start < len(parts)-1 {
		owners = memberTypes(owners, parts[start:len(parts)-1])
	}
	field := parts[len(parts)-1]
	for _, t := range owners {
		if st, ok := t.Underlying().(*types.Struct); ok {
			for i := 0; i < st.NumFields(); i++ {
				if st.Field(i).Name() == field {
					return res
				}
			}
		}
	}
	if len(owners) == 0 {
		return res
	}
	return verdict{v: Contradicted, reason: fmt.Sprintf("a %s literal cannot set %s: it is not a field of the type itself", strings.Join(parts[:len(parts)-1], "."), field)}
}

// mayHold reports whether a field of interface type may hold a value of
// the named type: "`w.ResponseWriter` is an `http.Flusher`" speaks of the
// value inside, which may be any type that implements the field's
// interface, or satisfy another interface.
func (c *Checker) mayHold(field types.Type, named string) bool {
	iface, ok := field.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for _, t := range c.typesNamed(named) {
		if types.IsInterface(t) || types.Implements(t, iface) || types.Implements(types.NewPointer(t), iface) {
			return true
		}
	}
	return false
}

// typesNamed resolves a type written as "T", "*T" or "pkg.T" in the
// module or its imports.
func (c *Checker) typesNamed(name string) []types.Type {
	ptr := strings.HasPrefix(name, "*")
	name = strings.TrimPrefix(name, "*")
	var out []types.Type
	add := func(o types.Object) {
		if tn, ok := o.(*types.TypeName); ok {
			t := tn.Type()
			if ptr {
				t = types.NewPointer(t)
			}
			out = append(out, t)
		}
	}
	if pkg, member, ok := strings.Cut(name, "."); ok {
		for _, p := range c.packagesNamed(pkg) {
			if o := p.Scope().Lookup(member); o != nil {
				add(o)
			}
		}
		return out
	}
	for _, tn := range c.m.TypeNamed(name) {
		add(tn)
	}
	return out
}

// namesValueOnly reports whether s is the name of a module variable or
// constant, and of no type.
func (c *Checker) namesValueOnly(s string) bool {
	n := lastName(s)
	if len(c.m.TypeNamed(n)) > 0 {
		return false
	}
	for _, o := range c.m.Objects[n] {
		switch o.(type) {
		case *types.Var, *types.Const:
			if o.Parent() == o.Pkg().Scope() {
				return true
			}
		}
	}
	return false
}

// paramsNamed returns the parameters of the module's functions called
// name.
func (c *Checker) paramsNamed(name string) []*types.Var {
	var out []*types.Var
	for _, o := range c.m.Objects[name] {
		if v, ok := o.(*types.Var); ok && v.Kind() == types.ParamVar {
			out = append(out, v)
		}
	}
	return out
}
