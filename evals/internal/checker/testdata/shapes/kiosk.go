package shapes

import (
	"context"
	"net/http"
	"strings"
)

// sep are the characters a kiosk code is split on.
const sep = "-_."

// keyKind names a context key of the kiosk.
type keyKind int

// The kiosk's context keys.
var (
	// TicketKey holds the ticket.
	TicketKey interface{} = keyKind(0)
	// KioskKey holds the kiosk.
	KioskKey interface{} = keyKind(1)
)

// Kiosk sells tickets.
type Kiosk struct {
	name   string
	open   bool
	stock  map[string]int
	served int
}

// NewKiosk opens a kiosk.
func NewKiosk(name string) *Kiosk {
	k := newClosedKiosk(name)
	k.open = true
	return k
}

// newClosedKiosk builds a kiosk that sells nothing yet.
func newClosedKiosk(name string) *Kiosk {
	return &Kiosk{name: name, stock: map[string]int{}}
}

// allowed lists the methods a kiosk answers.
func allowed(methods ...string) map[string]bool {
	out := map[string]bool{}
	for _, m := range methods {
		out[m] = true
	}
	return out
}

// Readable is what a GET may do.
func Readable() map[string]bool { return allowed("GET", "HEAD") }

// Split splits a kiosk code on its separators.
func Split(code string) []string {
	sep := []rune(sep)
	return strings.FieldsFunc(code, func(r rune) bool { return strings.ContainsRune(string(sep), r) })
}

// Ticket returns the ticket the context holds, nil when it holds none.
func Ticket(ctx context.Context) http.Handler {
	t := ctx.Value(TicketKey)
	if t == nil {
		return nil
	}
	return t.(http.Handler)
}

// Counter is a kiosk's counter: it embeds the kiosk and a handler.
type Counter struct {
	*Kiosk
	http.Handler
}

// Pick returns the request with the kiosk in its context, or the request
// as it came when there is none.
func Pick(r *http.Request, k *Kiosk) (*http.Request, bool) {
	if k == nil {
		return r, false
	}
	return r.WithContext(context.WithValue(r.Context(), KioskKey, k)), true
}

// ServeHTTP counts a request, then hands it to the counter's handler.
func (c *Counter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Kiosk", c.name)
	c.served++
	c.Handler.ServeHTTP(w, r)
}

// KioskSettings are a kiosk's settings, kept as JSON.
type KioskSettings struct {
	Exportable bool `json:"privacy.exportable"`
	Display    struct {
		Columns int `json:"columns"`
	} `json:"display"`
}

// ticketsSchema creates the tickets table; its unique code's constraint
// is named by PostgreSQL.
const ticketsSchema = "CREATE TABLE tickets (id int PRIMARY KEY, code text UNIQUE)"
