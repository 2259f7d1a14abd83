package guard

import (
	"net/netip"
	"strings"
)

// HostAllowed reports whether a Host header value (or the host of an
// Origin) names this machine as the developer reaches it: a loopback
// address, "localhost", a name under ".localhost", or a host the developer
// allowed. Any other name means the browser was pointed here by someone
// else's DNS (rebinding) or the request is meant for another site.
func (g *Config) HostAllowed(hostport string) bool {
	name := HostName(hostport)
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
func (g *Config) namedHost(name string) bool {
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

// HostName returns the host of "host", "host:port", "[v6]" or "[v6]:port",
// without a trailing dot; "" when it is malformed.
func HostName(hostport string) string {
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
