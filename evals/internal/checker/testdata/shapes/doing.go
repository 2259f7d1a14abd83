package shapes

import (
	"encoding/base64"
	"net/http"
	"sort"
	"strconv"
)

// enc is the encoding Encode uses, through a package variable.
var enc = base64.URLEncoding

// Encode encodes b with the package's encoding.
func Encode(b []byte) string {
	return enc.EncodeToString(b)
}

// Sorted returns a sorted copy of names; a helper does the sorting.
func Sorted(names []string) []string {
	out := append([]string(nil), names...)
	sortNames(out)
	return out
}

func sortNames(s []string) {
	sort.Strings(s)
}

// Quantity reads the quantity form field.
func Quantity(r *http.Request) (int, error) {
	return strconv.Atoi(r.FormValue("quantity"))
}

// Saver saves keys.
type Saver interface {
	Save(key string) error
}

type memSaver struct {
	seen map[string]bool
}

func (s *memSaver) Save(key string) error {
	s.seen[key] = true
	return nil
}

// Keep saves key through the interface.
func Keep(s Saver, key string) error {
	return s.Save(key)
}

// Protect sets a security header and flushes when it can.
func Protect(w http.ResponseWriter) {
	w.Header().Set("X-Frame-Options", "DENY")
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
}

// Unprotect removes the security header.
func Unprotect(w http.ResponseWriter) {
	w.Header().Del("X-Frame-Options")
}

// gate holds the handler Admit answers through; failure the one Refuse
// answers through.
var (
	gate    http.Handler = http.HandlerFunc(welcome)
	failure              = http.HandlerFunc(denied)
)

func welcome(w http.ResponseWriter, r *http.Request) {
	w.Write([]byte(http.StatusText(http.StatusOK)))
}

func denied(w http.ResponseWriter, r *http.Request) {
	http.Error(w, http.StatusText(http.StatusForbidden), http.StatusForbidden)
}

// Admit answers through an interface.
func Admit(w http.ResponseWriter, r *http.Request) {
	gate.ServeHTTP(w, r)
}

// Refuse answers through a function type's method.
func Refuse(w http.ResponseWriter, r *http.Request) {
	failure.ServeHTTP(w, r)
}

// OnlyPost refuses any method but POST.
func OnlyPost(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		http.Error(w, "Only POST", http.StatusMethodNotAllowed)
	}
}
