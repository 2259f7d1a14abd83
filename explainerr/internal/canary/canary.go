// Package canary plants a secret in every text of a value, found by
// reflection, for tests that check a secret reaches no output: a field
// added to the value's type later is planted without a change to the test.
package canary

import (
	"reflect"
	"strings"
)

// Plant sets every string reachable from ptr (a pointer to a struct) to
// secret, wrapped in the field's path ("before <path> secret after") so
// that a leak says where it came from: it allocates nil pointers, gives
// each slice one element and each map one entry (its key planted too). It
// returns the paths it planted, and leaves alone what it cannot set
// (unexported fields, values of other packages such as time.Time).
func Plant(ptr any, secret string) []string {
	p := &planter{secret: secret}
	p.plant(reflect.ValueOf(ptr).Elem(), "")
	return p.paths
}

type planter struct {
	secret string
	paths  []string
}

func (p *planter) plant(v reflect.Value, path string) {
	switch v.Kind() {
	case reflect.String:
		v.SetString("before " + path + " " + p.secret + " after")
		p.paths = append(p.paths, path)
	case reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		p.plant(v.Elem(), path)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 1, 1)
		p.plant(s.Index(0), path+"[0]")
		v.Set(s)
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k := reflect.New(v.Type().Key()).Elem()
		e := reflect.New(v.Type().Elem()).Elem()
		p.plant(k, path+".key")
		p.plant(e, path+"[key]")
		m.SetMapIndex(k, e)
		v.Set(m)
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if !f.IsExported() {
				return
			}
			p.plant(v.Field(i), strings.TrimPrefix(path+"."+f.Name, "."))
		}
	}
}
