package handler

import (
	"fmt"
	"net/http"
	"reflect"
)

// maxWrappers bounds the walk through wrapped response writers.
const maxWrappers = 16

// responseWriterType is http.ResponseWriter's reflect.Type.
var responseWriterType = reflect.TypeFor[http.ResponseWriter]()

// errorTaker finds the ErrorTaker under w. When there is none, hider is
// the type of the wrapper that ended the walk by keeping the writer under
// it out of reach, or "" when the walk reached a writer that wraps nothing
// (the server's own: no explainerr middleware is above).
func errorTaker(w http.ResponseWriter) (t ErrorTaker, hider string) {
	for range maxWrappers {
		if w == nil {
			return nil, ""
		}
		if t, ok := w.(ErrorTaker); ok {
			return t, ""
		}
		if u, ok := w.(interface{ Unwrap() http.ResponseWriter }); ok {
			w = u.Unwrap()
			continue
		}
		next, hidden := wrappedField(w)
		if next == nil {
			if hidden {
				return nil, fmt.Sprintf("%T", w)
			}
			return nil, ""
		}
		w = next
	}
	return nil, fmt.Sprintf("%T", w)
}

// wrappedField returns the writer a wrapper without an Unwrap method keeps
// in its one exported field that holds a response writer (echo's
// Response.Writer before echo v4.11, the embedded http.ResponseWriter of
// gin's writer before gin v1.9). When there is no such field, hidden says
// whether w holds one out of reach all the same: in an unexported field,
// or in several exported ones, among which the one it writes to cannot be
// told.
func wrappedField(w http.ResponseWriter) (next http.ResponseWriter, hidden bool) {
	v := reflect.ValueOf(w)
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return nil, false
		}
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return nil, false
	}
	var exported []reflect.Value
	for i := range v.NumField() {
		f := v.Type().Field(i)
		if !holdsWriter(f.Type) {
			continue
		}
		if !f.IsExported() {
			hidden = true
			continue
		}
		if fv := v.Field(i); !fv.IsNil() {
			exported = append(exported, fv)
		}
	}
	if len(exported) == 1 {
		next, _ = exported[0].Interface().(http.ResponseWriter)
		return next, false
	}
	return nil, hidden || len(exported) > 1
}

// holdsWriter reports whether a field of type t holds a response writer:
// an interface value that must be one, or a pointer to a type that is one.
func holdsWriter(t reflect.Type) bool {
	k := t.Kind()
	return (k == reflect.Interface || k == reflect.Pointer) && t.Implements(responseWriterType)
}
