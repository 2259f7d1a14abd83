package explainerr

import (
	"net/http"
	"net/netip"
	"net/url"
	"strings"
)

// hostAllowed reports whether a Host header value (or the host of an
// Origin) names this machine as the developer reaches it: a loopback
// address, "localhost", a name under ".localhost", or a host the developer
// allowed. Any other name means the browser was pointed here by someone
// else's DNS (rebinding) or the request is meant for another site.
func (g *guardConfig) hostAllowed(hostport string) bool {
	name := hostName(hostport)
	if name == "" {
		return false
	}
	if strings.EqualFold(name, "localhost") || hasSuffixFold(name, ".localhost") {
		return true
	}
	// Only what looks like an address is parsed: a failed parse allocates
	// its error, and the guard runs on every request.
	if !looksLikeIP(name) {
		return g.namedHost(name)
	}
	if a, err := netip.ParseAddr(name); err == nil {
		a = a.Unmap()
		if a.IsLoopback() {
			return true
		}
		for _, ip := range g.hostIPs {
			if ip == a {
				return true
			}
		}
		return false
	}
	return g.namedHost(name)
}

// namedHost reports whether name is one of the hosts the developer allowed.
func (g *guardConfig) namedHost(name string) bool {
	for _, h := range g.hosts {
		if h[0] == '.' {
			if hasSuffixFold(name, h) {
				return true
			}
		} else if strings.EqualFold(name, h) {
			return true
		}
	}
	return false
}

// hostName returns the host of "host", "host:port", "[v6]" or "[v6]:port",
// without a trailing dot; "" when it is malformed.
func hostName(hostport string) string {
	h := hostport
	if strings.HasPrefix(h, "[") {
		end := strings.IndexByte(h, ']')
		if end < 0 {
			return ""
		}
		rest := h[end+1:]
		if rest != "" && (rest[0] != ':' || !digits(rest[1:])) {
			return ""
		}
		h = h[1:end]
		if !strings.Contains(h, ":") {
			return "" // brackets hold IPv6 addresses only
		}
		return h
	}
	if i := strings.IndexByte(h, ':'); i >= 0 {
		if !digits(h[i+1:]) {
			return ""
		}
		h = h[:i]
	}
	h = strings.TrimSuffix(h, ".")
	if strings.ContainsAny(h, "/\\@ \t[]") {
		return ""
	}
	return h
}

// looksLikeIP reports whether a host name could be an IP address: an IPv6
// address holds a colon, and no top-level domain ends in a digit.
func looksLikeIP(name string) bool {
	return name != "" && (strings.IndexByte(name, ':') >= 0 || name[len(name)-1] >= '0' && name[len(name)-1] <= '9')
}

// digits reports whether s is a port number's digits (empty is allowed:
// "host:" is a valid Host).
func digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return len(s) <= 5
}

// hasSuffixFold reports whether s ends with suffix, ignoring case, and has
// something before it.
func hasSuffixFold(s, suffix string) bool {
	return len(s) > len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix)
}

// originVerdict says what the Origin header tells about the page that sent
// the request.
type originVerdict int

const (
	originNone    originVerdict = iota // no Origin: a navigation, curl, a same-origin GET
	originOwn                          // a page of the developer's own (localhost, an allowed host)
	originForeign                      // another site, "null", or something unreadable
)

// checkOrigin classifies the request's Origin header.
func (g *guardConfig) checkOrigin(r *http.Request) originVerdict {
	vs := r.Header["Origin"]
	if len(vs) == 0 {
		return originNone
	}
	if len(vs) > 1 {
		return originForeign
	}
	host, ok := originHost(vs[0])
	if !ok || !g.hostAllowed(host) {
		return originForeign
	}
	return originOwn
}

// originHost returns the host[:port] of an http or https origin
// serialization such as "http://localhost:5173".
func originHost(origin string) (string, bool) {
	var rest string
	switch {
	case len(origin) > 7 && strings.EqualFold(origin[:7], "http://"):
		rest = origin[7:]
	case len(origin) > 8 && strings.EqualFold(origin[:8], "https://"):
		rest = origin[8:]
	default:
		return "", false // "null", file:, extension pages
	}
	if strings.ContainsAny(rest, "/?#@") {
		return "", false
	}
	return rest, true
}

// foreignReferer reports whether a request that carries neither
// Sec-Fetch-Site nor Origin names a page of another site as its Referer,
// and returns that Referer. Browsers send Fetch Metadata only to
// potentially trustworthy URLs (https, localhost, loopback): an image or a
// link on another site pointing at an allowed plain-HTTP host
// ("http://myapp.test") arrives without either, and only its Referer
// (when the page's referrer policy lets it through) tells where it came
// from.
func (g *guardConfig) foreignReferer(r *http.Request) (string, bool) {
	if len(r.Header["Sec-Fetch-Site"]) > 0 || len(r.Header["Origin"]) > 0 {
		return "", false
	}
	ref := r.Header.Get("Referer")
	if ref == "" {
		return "", false
	}
	u, err := url.Parse(ref)
	if err != nil || u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return "", false
	}
	return ref, !g.hostAllowed(u.Host)
}

// crossSite reports whether the browser says the request comes from a page
// on another site.
func crossSite(r *http.Request) bool {
	for _, v := range r.Header["Sec-Fetch-Site"] {
		if strings.EqualFold(strings.TrimSpace(v), "cross-site") {
			return true
		}
	}
	return false
}
