package explainerr

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// allowed reports whether r may see pages and reports: by default only
// clients on a loopback address. Forwarded-for headers are ignored unless
// trusted, and then every address they name must be loopback too.
func (ex *Explainer) allowed(r *http.Request) bool {
	if ex.cfg.allowRemote != nil {
		return ex.cfg.allowRemote(r)
	}
	if !isLoopback(r.RemoteAddr) {
		return false
	}
	if !ex.cfg.trustForwarded {
		return true
	}
	for _, h := range []string{"X-Forwarded-For", "X-Real-Ip", "Forwarded"} {
		for _, v := range r.Header.Values(h) {
			for _, part := range strings.Split(v, ",") {
				addr := strings.TrimSpace(part)
				if h == "Forwarded" {
					addr = forwardedFor(addr)
					if addr == "" {
						continue
					}
				}
				if !isLoopback(addr) {
					return false
				}
			}
		}
	}
	return true
}

// forwardedFor returns the for= address of one RFC 7239 Forwarded element.
func forwardedFor(elem string) string {
	for _, kv := range strings.Split(elem, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if ok && strings.EqualFold(k, "for") {
			return strings.Trim(v, `"[]`)
		}
	}
	return ""
}

// isLoopback reports whether addr ("host", "host:port", "[v6]:port") is a
// loopback IP address.
func isLoopback(addr string) bool {
	host := addr
	if h, _, err := net.SplitHostPort(addr); err == nil {
		host = h
	}
	ip, err := netip.ParseAddr(strings.Trim(host, "[]"))
	if err != nil {
		return false
	}
	return ip.Unmap().IsLoopback()
}
