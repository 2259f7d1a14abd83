package guard

import (
	"net/http"
	"net/url"
	"strings"
)

// originVerdict says what the Origin header tells about the page that sent
// the request.
type originVerdict int

const (
	originNone    originVerdict = iota // no Origin: a navigation, curl, a same-origin GET
	originOwn                          // a page of the developer's own (localhost, an allowed host)
	originForeign                      // another site, "null", or something unreadable
)

// checkOrigin classifies the request's Origin header.
func (g *Config) checkOrigin(r *http.Request) originVerdict {
	vs := r.Header["Origin"]
	if len(vs) == 0 {
		return originNone
	}
	if len(vs) > 1 {
		return originForeign
	}
	host, ok := originHost(vs[0])
	if !ok || !g.HostAllowed(host) {
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
func (g *Config) foreignReferer(r *http.Request) (string, bool) {
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
	return ref, !g.HostAllowed(u.Host)
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

// SameOrigin reports whether a request that changes something comes from a
// page of this very origin, or from no page at all (curl): no other page,
// not even one on another port of localhost, may send it (cross-site
// request forgery). A browser sends Origin with every POST and
// Sec-Fetch-Site with every request; a POST with neither is refused.
func SameOrigin(r *http.Request) bool {
	site := r.Header.Values("Sec-Fetch-Site")
	if len(site) > 1 || len(site) == 1 && !strings.EqualFold(strings.TrimSpace(site[0]), "same-origin") {
		return false
	}
	origins := r.Header.Values("Origin")
	switch len(origins) {
	case 0:
		return len(site) == 1 || r.Method != http.MethodPost
	case 1:
		host, ok := originHost(origins[0])
		return ok && HostName(r.Host) != "" && strings.EqualFold(host, r.Host)
	}
	return false
}
