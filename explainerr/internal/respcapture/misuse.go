package respcapture

import (
	"fmt"
	"log"
	"net/http"
	"path"
)

// Kinds of ResponseWriter misuse that net/http logs.
const (
	misuseSuperfluous    = "http: superfluous response.WriteHeader call"
	misuseHijackedHeader = "http: response.WriteHeader on hijacked connection"
	misuseHijackedWrite  = "http: response.Write on hijacked connection"
)

// maxMisuse bounds how many misuses of one request are logged.
const maxMisuse = 4

// misuse is one call net/http would have logged, with the stack at the call.
type misuse struct {
	what string
	pcs  []uintptr
}

// misused records a call that net/http would log. It is not forwarded, since
// net/http would then name this wrapper as the caller; logMisuse writes the
// same line naming the app's call site instead.
func (w *Writer) misused(what string) {
	f := w.record()
	if len(f.misuse) < maxMisuse {
		f.misuse = append(f.misuse, misuse{what: what, pcs: captureStatus()})
	}
}

// LogMisuse writes net/http's line for each misuse recorded in f where
// net/http would (the server's ErrorLog of r's server, else the standard
// logger), naming the app's call site.
func (f *Failure) LogMisuse(r *http.Request) {
	for _, m := range f.misuse {
		site := callSite(m.pcs, f.owner.classifier)
		line := fmt.Sprintf("%s from %s (%s:%d)", m.what, site.Function, path.Base(site.File), site.Line)
		if srv, ok := r.Context().Value(http.ServerContextKey).(*http.Server); ok && srv.ErrorLog != nil {
			srv.ErrorLog.Print(line)
		} else {
			log.Print(line)
		}
	}
}
