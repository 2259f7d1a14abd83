package redact

import (
	"reflect"

	"github.com/explainerr/explainerr/explainerr/report"
)

// sealWalk copies a report at every depth by reflection, so that a field
// added to package report is covered without a change here. With redact
// set, every string is redacted on the way (Seal, Amend); without, the copy
// is exact (Sealed.Report).
type sealWalk struct {
	redact bool
	known  *Known
	// clean and hidden hold texts already redacted, kept as they are.
	clean  map[string]struct{}
	hidden *textSet
	// out collects the redacted texts of the copy; record, when set,
	// too.
	out    map[string]struct{}
	record *textSet
}

var sourceType = reflect.TypeOf(report.Source{})

// report returns the copy of r.
func (w *sealWalk) report(r *report.Report) *report.Report {
	if r == nil {
		r = &report.Report{}
	}
	c := w.value(reflect.ValueOf(r).Elem())
	out := c.Interface().(report.Report)
	return &out
}

// value returns a copy of v that shares nothing with it that can change.
func (w *sealWalk) value(v reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.String:
		return reflect.ValueOf(w.text(v.String())).Convert(v.Type())
	case reflect.Pointer:
		if v.IsNil() {
			return reflect.Zero(v.Type())
		}
		p := reflect.New(v.Type().Elem())
		p.Elem().Set(w.value(v.Elem()))
		return p
	case reflect.Slice:
		if v.IsNil() {
			return reflect.Zero(v.Type())
		}
		s := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			s.Index(i).Set(w.value(v.Index(i)))
		}
		return s
	case reflect.Map:
		if v.IsNil() {
			return reflect.Zero(v.Type())
		}
		m := reflect.MakeMapWithSize(v.Type(), v.Len())
		for it := v.MapRange(); it.Next(); {
			m.SetMapIndex(w.value(it.Key()), w.value(it.Value()))
		}
		return m
	case reflect.Interface:
		if v.IsNil() {
			return reflect.Zero(v.Type())
		}
		c := reflect.New(v.Type()).Elem()
		c.Set(w.value(v.Elem()))
		return c
	case reflect.Struct:
		c := reflect.New(v.Type()).Elem()
		for i := range v.NumField() {
			f := v.Type().Field(i)
			switch {
			case !f.IsExported():
				// A value of another package (time.Time): no text of
				// the program's in it, copied whole.
				return v
			case v.Type() == sourceType && f.Name == "Lines":
				c.Field(i).Set(reflect.ValueOf(w.lines(v.Field(i).Interface().([]string))))
			default:
				c.Field(i).Set(w.value(v.Field(i)))
			}
		}
		return c
	}
	return v
}

// inPlace redacts every string of v, a value the caller owns, where it
// stands.
func (w *sealWalk) inPlace(v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		v.SetString(w.text(v.String()))
	case reflect.Pointer:
		if !v.IsNil() {
			w.inPlace(v.Elem())
		}
	case reflect.Slice:
		for i := range v.Len() {
			w.inPlace(v.Index(i))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Type().Field(i)
			switch {
			case !f.IsExported():
				return
			case v.Type() == sourceType && f.Name == "Lines":
				v.Field(i).Set(reflect.ValueOf(w.lines(v.Field(i).Interface().([]string))))
			default:
				w.inPlace(v.Field(i))
			}
		}
	case reflect.Map, reflect.Interface:
		// Neither a map's entries nor an interface's value can be set
		// where they stand: they are replaced by a redacted copy.
		v.Set(w.value(v))
	}
}

// text returns s, redacted when w redacts.
func (w *sealWalk) text(s string) string {
	if !w.redact || s == "" {
		return s
	}
	if w.isClean(s) {
		w.keep(s)
		return s
	}
	if w.known != nil {
		s = w.known.Hide(s)
	}
	s = String(s)
	w.keep(s)
	return s
}

// lines returns a copy of a source window's lines, redacted as one text
// when w redacts.
func (w *sealWalk) lines(lines []string) []string {
	if lines != nil {
		lines = append([]string(nil), lines...)
	}
	if w.redact && !w.allClean(lines) {
		if w.known != nil {
			for i, l := range lines {
				lines[i] = w.known.Hide(l)
			}
		}
		lines = Lines(lines)
	}
	for _, l := range lines {
		w.keep(l)
	}
	return lines
}

// allClean reports whether every line is a text already redacted.
func (w *sealWalk) allClean(lines []string) bool {
	for _, l := range lines {
		if l != "" && !w.isClean(l) {
			return false
		}
	}
	return true
}

// isClean reports whether s is a text already redacted.
func (w *sealWalk) isClean(s string) bool {
	if _, ok := w.clean[s]; ok {
		return true
	}
	if w.hidden != nil {
		return w.hidden.has(s)
	}
	return false
}

// keep records s as redacted.
func (w *sealWalk) keep(s string) {
	if s == "" {
		return
	}
	if w.out != nil {
		w.out[s] = struct{}{}
	}
	if w.record != nil {
		w.record.add(s)
	}
}
