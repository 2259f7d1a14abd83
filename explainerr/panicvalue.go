package explainerr

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/explainerr/explainerr/explainerr/redact"
)

// Bounds of a panic value rendered as text.
const (
	maxValueDepth = 6    // nesting of structs, maps, slices and pointers
	maxValueItems = 32   // entries of one map, slice or array
	maxValueText  = 8192 // bytes, after which the rest is left out
)

// panicValueText renders a panic value that is neither an error, a
// fmt.Stringer nor a string, as fmt's %+v would, with field names, but
// with the values of sensitive struct fields and map keys (APIKey, Token,
// password…) hidden: %v drops the names that tell a secret from the rest.
// Pointers are followed (a cycle is shown, not walked), and nesting, the
// entries of collections and the text are bounded. The String and Error
// methods of nested values are called, as fmt does, through calls (the
// failure's shared deadline); one that panics is shown as such, one that
// does not return in time as not shown.
func panicValueText(v any, calls *valueCalls) string {
	p := valuePrinter{seen: map[uintptr]bool{}, calls: calls}
	p.print(reflect.ValueOf(v), 0)
	return p.b.String()
}

// valueText renders any value as text: an error, a fmt.Stringer or a
// string as itself, anything else as panicValueText does. The value's
// methods are called through calls; it panics with what an Error or
// String method panicked with.
func valueText(v any, calls *valueCalls) string {
	var method string
	var fn func() string
	switch x := v.(type) {
	case error:
		method, fn = "Error", x.Error
	case fmt.Stringer:
		method, fn = "String", x.String
	case string:
		return x
	default:
		return panicValueText(v, calls)
	}
	s, p, err := callValue(calls, v, method, fn)
	switch {
	case p != nil:
		panic(p)
	case err != nil:
		return err.Error()
	}
	return s
}

type valuePrinter struct {
	b     strings.Builder
	seen  map[uintptr]bool // pointers on the current path
	calls *valueCalls
}

var (
	errorType     = reflect.TypeFor[error]()
	stringerType  = reflect.TypeFor[fmt.Stringer]()
	formatterType = reflect.TypeFor[fmt.Formatter]()
)

func (p *valuePrinter) full() bool {
	if p.b.Len() < maxValueText {
		return false
	}
	if !strings.HasSuffix(p.b.String(), "…") {
		p.b.WriteString("…")
	}
	return true
}

func (p *valuePrinter) print(v reflect.Value, depth int) {
	if p.full() {
		return
	}
	if !v.IsValid() {
		p.b.WriteString("<nil>")
		return
	}
	if depth > 0 && p.method(v) {
		return
	}
	if depth > maxValueDepth {
		p.b.WriteString("…")
		return
	}
	switch v.Kind() {
	case reflect.Struct:
		p.structFields(v, depth)
	case reflect.Pointer:
		if v.IsNil() {
			p.b.WriteString("<nil>")
			return
		}
		ptr := v.Pointer()
		if p.seen[ptr] {
			fmt.Fprintf(&p.b, "(cycle to %s)", v.Type())
			return
		}
		p.seen[ptr] = true
		defer delete(p.seen, ptr)
		switch v.Elem().Kind() {
		case reflect.Struct, reflect.Map, reflect.Slice, reflect.Array:
			p.b.WriteByte('&')
		}
		p.print(v.Elem(), depth+1)
	case reflect.Interface:
		p.print(v.Elem(), depth)
	case reflect.Map:
		p.mapEntries(v, depth)
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			p.b.WriteString("[]")
			return
		}
		if p.bytes(v) {
			return
		}
		p.b.WriteByte('[')
		n := v.Len()
		for i := 0; i < n && i < maxValueItems; i++ {
			if i > 0 {
				p.b.WriteByte(' ')
			}
			p.print(v.Index(i), depth+1)
		}
		if n > maxValueItems {
			fmt.Fprintf(&p.b, " … (%d more)", n-maxValueItems)
		}
		p.b.WriteByte(']')
	case reflect.String:
		p.b.WriteString(v.String())
	default:
		p.scalar(v)
	}
}

// scalar writes a number, bool, channel, func or pointer as fmt prints it,
// calling a Format method the value's type has through the failure's
// calls.
func (p *valuePrinter) scalar(v reflect.Value) {
	if !v.CanInterface() || !v.Type().Implements(formatterType) {
		fmt.Fprint(&p.b, v) // fmt prints the value a reflect.Value holds
		return
	}
	x := v.Interface()
	s, panicked, err := callValue(p.calls, x, "Format", func() string { return fmt.Sprint(x) })
	switch {
	case panicked != nil:
		fmt.Fprintf(&p.b, "(%s: its Format method panicked)", v.Type())
	case err != nil:
		p.b.WriteString(err.Error())
	default:
		p.b.WriteString(s)
	}
}

// bytes writes a slice or array of bytes that holds UTF-8 text as that
// text, as fmt's %s would, so that the redaction reads what it says (a
// []byte panic value holding a password), and reports whether it did.
func (p *valuePrinter) bytes(v reflect.Value) bool {
	if v.Type().Elem().Kind() != reflect.Uint8 {
		return false
	}
	n := min(v.Len(), maxValueText)
	b := make([]byte, n)
	for i := range n {
		b[i] = byte(v.Index(i).Uint())
	}
	if !utf8.Valid(b) {
		return false
	}
	p.b.Write(b)
	return true
}

// method writes what v's Error or String method returns, when v has one
// that can be called, and reports whether it did.
func (p *valuePrinter) method(v reflect.Value) (done bool) {
	if !v.CanInterface() || !v.Type().Implements(errorType) && !v.Type().Implements(stringerType) {
		return false
	}
	if (v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface) && v.IsNil() {
		p.b.WriteString("<nil>")
		return true
	}
	x := v.Interface()
	method, fn := "String", func() string { return x.(fmt.Stringer).String() }
	if e, ok := x.(error); ok {
		method, fn = "Error", e.Error
	}
	s, panicked, err := callValue(p.calls, x, method, fn)
	switch {
	case panicked != nil:
		fmt.Fprintf(&p.b, "(%s: its Error or String method panicked)", v.Type())
	case err != nil:
		p.b.WriteString(err.Error())
	default:
		p.b.WriteString(s)
	}
	return true
}

func (p *valuePrinter) structFields(v reflect.Value, depth int) {
	t := v.Type()
	p.b.WriteByte('{')
	for i := 0; i < t.NumField(); i++ {
		if i > 0 {
			p.b.WriteByte(' ')
		}
		name := t.Field(i).Name
		p.b.WriteString(name)
		p.b.WriteByte(':')
		p.value(name, v.Field(i), depth)
		if p.full() {
			break
		}
	}
	p.b.WriteByte('}')
}

// value writes the value of a field or map entry called name, hidden when
// the name is sensitive and the value is not empty.
func (p *valuePrinter) value(name string, v reflect.Value, depth int) {
	if redact.IsSensitiveName(name) && !isEmptyValue(v) {
		p.b.WriteString(redact.Mask)
		return
	}
	p.print(v, depth+1)
}

func isEmptyValue(v reflect.Value) bool {
	if v.IsZero() {
		return true
	}
	switch v.Kind() {
	case reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	}
	return false
}

func (p *valuePrinter) mapEntries(v reflect.Value, depth int) {
	if v.IsNil() {
		p.b.WriteString("map[]")
		return
	}
	type entry struct {
		key  string
		name string // the key, when it is a string, to judge its value by
		val  reflect.Value
	}
	var entries []entry
	iter := v.MapRange()
	for len(entries) < 8*maxValueItems && iter.Next() {
		k := iter.Key()
		e := entry{val: iter.Value()}
		kp := valuePrinter{seen: p.seen, calls: p.calls}
		kp.print(k, depth+1)
		e.key = kp.b.String()
		if k.Kind() == reflect.String {
			e.name = k.String()
		}
		entries = append(entries, e)
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].key < entries[j].key })
	p.b.WriteString("map[")
	for i, e := range entries {
		if i == maxValueItems {
			fmt.Fprintf(&p.b, " … (%d more)", v.Len()-i)
			break
		}
		if i > 0 {
			p.b.WriteByte(' ')
		}
		p.b.WriteString(e.key)
		p.b.WriteByte(':')
		p.value(e.name, e.val, depth)
		if p.full() {
			break
		}
	}
	p.b.WriteByte(']')
}
