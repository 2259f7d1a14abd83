package grounding

// stdPackages maps the name of each standard library package the analyzer
// may mention to its import paths (a name can belong to several, as
// template does).
var stdPackages = map[string][]string{
	"errors":   {"errors"},
	"fmt":      {"fmt"},
	"strconv":  {"strconv"},
	"strings":  {"strings"},
	"http":     {"net/http"},
	"sql":      {"database/sql"},
	"json":     {"encoding/json"},
	"template": {"html/template", "text/template"},
	"sync":     {"sync"},
	"context":  {"context"},
	"os":       {"os"},
	"io":       {"io"},
	"time":     {"time"},
	"runtime":  {"runtime"},
	"log":      {"log"},
	"slog":     {"log/slog"},
	"maps":     {"maps"},
	"slices":   {"slices"},
	"url":      {"net/url"},
	"bytes":    {"bytes"},
	"sort":     {"sort"},
	"math":     {"math"},
	"unicode":  {"unicode"},
	"filepath": {"path/filepath"},
	"fs":       {"io/fs"},
	"embed":    {"embed"},
	"utf8":     {"unicode/utf8"},
	"atomic":   {"sync/atomic"},
	"reflect":  {"reflect"},
	"xml":      {"encoding/xml"},
	"csv":      {"encoding/csv"},
	"base64":   {"encoding/base64"},
	"hex":      {"encoding/hex"},
	"mail":     {"net/mail"},
	"smtp":     {"net/smtp"},
	"rand":     {"math/rand", "crypto/rand"},
	"sha256":   {"crypto/sha256"},
	"gzip":     {"compress/gzip"},
	"bufio":    {"bufio"},
	"regexp":   {"regexp"},
	"path":     {"path"},
	"html":     {"html"},
	"exec":     {"os/exec"},
	"signal":   {"os/signal"},
	"netip":    {"net/netip"},
	"httptest": {"net/http/httptest"},
	"driver":   {"database/sql/driver"},
}

// stdPackageNames is the set of keys of stdPackages.
var stdPackageNames = func() map[string]bool {
	m := map[string]bool{}
	for name := range stdPackages {
		m[name] = true
	}
	return m
}()

// stdExports lists, per import path, the exported names (package-level
// identifiers and methods of its types) the analyzer's explanations may
// use. A test checks every entry against the standard library's source.
var stdExports = map[string]map[string]bool{
	"errors":              setOf(`Is As New Unwrap Join`),
	"fmt":                 setOf(`Errorf Sprintf Sprint Fprintf Println`),
	"strconv":             setOf(`Atoi Itoa ParseInt ParseUint ParseFloat ParseBool ErrSyntax ErrRange NumError`),
	"strings":             setOf(`TrimSpace ToLower EqualFold Contains`),
	"net/http":            setOf(`Error StatusText NotFound StatusNotFound StatusBadRequest StatusConflict StatusUnprocessableEntity StatusInternalServerError StatusUnauthorized StatusRequestEntityTooLarge ErrNoCookie Redirect ResponseWriter Request Handler HandlerFunc MaxBytesReader ErrAbortHandler`),
	"database/sql":        setOf(`ErrNoRows ErrConnDone ErrTxDone DB Tx Row Rows NullString NullInt64 NullTime NullBool Null Open QueryRow Scan Exec Query`),
	"encoding/json":       setOf(`Unmarshal Marshal NewDecoder NewEncoder Decoder Decode DisallowUnknownFields UseNumber Number Int64 SyntaxError UnmarshalTypeError Valid`),
	"html/template":       setOf(`Must New ParseFS ParseFiles ParseGlob FuncMap Template Execute ExecuteTemplate Lookup Funcs Option Error HTML`),
	"text/template":       setOf(`Must New ParseFS ParseFiles ParseGlob FuncMap Template Execute ExecuteTemplate Lookup Funcs Option`),
	"sync":                setOf(`WaitGroup Mutex RWMutex Map Once Add Done Wait Lock Unlock Do Go`),
	"context":             setOf(`Context Background WithTimeout WithCancel`),
	"os":                  setOf(`Getenv ReadFile Open`),
	"io":                  setOf(`ReadAll EOF ErrUnexpectedEOF Reader Writer`),
	"time":                setOf(`Now Time Duration Second Millisecond After`),
	"runtime":             setOf(`Error`),
	"log":                 setOf(`Printf Println`),
	"log/slog":            setOf(`Info Error Warn`),
	"maps":                setOf(`Clone Keys`),
	"slices":              setOf(`Index Contains`),
	"net/url":             setOf(`Values Parse`),
	"bytes":               setOf(`Buffer`),
	"sort":                setOf(`Slice Strings`),
	"math":                setOf(`MaxInt`),
	"unicode":             setOf(`IsSpace`),
	"path/filepath":       setOf(`Join Base`),
	"io/fs":               setOf(`FS ErrNotExist`),
	"embed":               setOf(`FS`),
	"unicode/utf8":        setOf(`RuneCountInString`),
	"sync/atomic":         setOf(`Int64 Bool`),
	"reflect":             setOf(`TypeOf`),
	"database/sql/driver": setOf(`Valuer Value`),
}

// stdExported reports whether name is listed as an export of a standard
// library package called pkg.
func stdExported(pkg, name string) bool {
	for _, path := range stdPackages[pkg] {
		if stdExports[path][name] {
			return true
		}
	}
	return false
}
