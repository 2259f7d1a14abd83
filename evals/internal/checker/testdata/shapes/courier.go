package shapes

import (
	"crypto/md5"
	"encoding/hex"
	"errors"
	"log"
	"net/http"
	"strconv"
	"strings"
	"sync"
)

// The headers a courier reads a parcel's route from, in the order it
// tries them.
var (
	routeHeader = http.CanonicalHeaderKey("X-Courier-Route")
	legacyRoute = "X-Old-Route"
)

var crateMu sync.Mutex

var (
	errSender = errors.New("shapes: sender not allowed")
	errLabel  = errors.New("shapes: bad label")
)

// Courier carries parcels along its stops.
type Courier struct {
	stops      []string
	halt       chan bool
	logger     *log.Logger
	AllowFrom  func(r *http.Request) bool
	onDelivery func(string)
}

// AddStop appends a stop, then plans the route again.
func (c *Courier) AddStop(s string) {
	c.stops = append(c.stops, s)
	c.replan()
}

func (c *Courier) replan() {}

// Halt tells the courier's loop to stop, when it runs.
func (c *Courier) Halt() {
	if c.halt != nil {
		c.halt <- true
	}
}

// Deliver hands a parcel over; it never checks its hook.
func (c *Courier) Deliver(p string) {
	c.onDelivery(p)
}

func (c *Courier) logf(v ...interface{}) {
	if c.logger != nil {
		c.logger.Println(v...)
	} else {
		log.Println(v...)
	}
}

// upperStops upper-cases every stop.
func upperStops(in []string) []string {
	out := make([]string, 0, len(in))
	for _, s := range in {
		out = append(out, strings.ToUpper(s))
	}
	return out
}

// parcelTag is the hex MD5 digest of a label.
func parcelTag(label string) string {
	sum := md5.Sum([]byte(label))
	return hex.EncodeToString(sum[:])
}

// routeOf reads the route from the newer header first.
func routeOf(h http.Header) string {
	if v := h.Get(routeHeader); v != "" {
		return v
	}
	return h.Get(legacyRoute)
}

// Accept checks the sender, then the label.
func (c *Courier) Accept(r *http.Request) error {
	allow := c.AllowFrom
	if allow == nil {
		allow = sameSender
	}
	if !allow(r) {
		return errSender
	}
	label := r.Header.Get("X-Label")
	if !isValidLabel(label) {
		return errLabel
	}
	c.logf("accepted", label)
	return nil
}

func sameSender(r *http.Request) bool { return r.Header.Get("X-Sender") != "" }

func isValidLabel(l string) bool { return l != "" }

// crateSize is how many parcels a crate holds.
const crateSize = 4 * 8

// Manifest lists a courier's parcels.
type Manifest []string

// Text writes the manifest as one line.
func (m Manifest) Text() string { return strings.Join(m, ",") }

// Load reads a manifest, recursing on a nested one.
func (m *Manifest) Load(src interface{}) error {
	switch src := src.(type) {
	case []string:
		*m = src
	case [][]string:
		return m.Load(src[0])
	}
	return nil
}

// Refill takes the pool's lock, and gives it back before it returns.
func (c *Courier) Refill(ok bool) error {
	crateMu.Lock()
	if !ok {
		crateMu.Unlock()
		return errLabel
	}
	crateMu.Unlock()
	return nil
}

// parseCodes reads every code, and stops at the first bad one.
func parseCodes(s []string) ([]int, error) {
	out := make([]int, 0, len(s))
	for _, x := range s {
		n, err := strconv.Atoi(x)
		if err != nil {
			return nil, err
		}
		out = append(out, n)
	}
	return out, nil
}

// errNoParcel is what Take answers for an empty slot.
var errNoParcel = errors.New("shapes: no parcel")

// Take hands over the parcel in a slot.
func (c *Courier) Take(slot *string, reset bool) (string, error) {
	if slot == nil {
		return "", errNoParcel
	}
	if *slot == "" {
		*slot = "taken"
		return "", nil
	}
	if reset {
		p := *slot
		*slot = ""
		return p, nil
	}
	return *slot, nil
}

// Route answers the delivery methods a courier knows.
func Route(kind string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		switch kind {
		case "van", "bike":
			w.WriteHeader(http.StatusAccepted)
		case "drone":
			w.WriteHeader(http.StatusCreated)
		default:
			w.WriteHeader(http.StatusBadRequest)
		}
	}
}

// labelLine writes a label with its note, when it has one.
func labelLine(label, note string) string {
	line := label
	if note != "" {
		line = line + " (" + note + ")"
	}
	return line
}
