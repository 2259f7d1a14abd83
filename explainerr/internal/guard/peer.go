package guard

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// singleAddressHeaders are the forwarding headers that name one client
// address each.
var singleAddressHeaders = []string{
	"X-Real-Ip",
	"True-Client-Ip",
	"Cf-Connecting-Ip",
	"Cf-Connecting-Ipv6",
	"Fastly-Client-Ip",
	"X-Client-Ip",
	"X-Cluster-Client-Ip",
	"X-Envoy-External-Address",
	"X-Azure-Clientip",
	"X-Appengine-User-Ip",
	"Client-Ip",
	"X-Originating-Ip",
	"X-Remote-Addr",
	"X-Remote-Ip",
	"X-Proxyuser-Ip",
}

// forwardingHeaders are the headers proxies, tunnels and CDNs use to say
// whom they relay (canonical form). Any of them on a request means the
// connection's peer may not be the client.
var forwardingHeaders = append(append([]string{
	"Forwarded",
	"X-Forwarded-For",
	"X-Forwarded-Host",
	"X-Original-Forwarded-For",
	"Forwarded-For",
	"X-Forwarded",
}, singleAddressHeaders...),
	// Headers that name no client but say that a proxy, tunnel or CDN
	// relayed the request: the peer is then not the client either.
	"Via",
	"X-Forwarded-Proto",
	"X-Forwarded-Port",
	"X-Forwarded-Server",
	"X-Forwarded-Prefix",
	"X-Original-Host",
	"X-Host",
	"Cdn-Loop",
	"Cf-Ray",
	"Tailscale-User-Login",
)

// forwardingHeader returns the first forwarding header r carries, or "".
func forwardingHeader(r *http.Request) string {
	for _, h := range forwardingHeaders {
		if len(r.Header[h]) > 0 {
			return h
		}
	}
	return ""
}

// connPeer is the client end of the connection a request came in on.
type connPeer struct {
	addr netip.Addr
	// local: the connection was accepted on a loopback interface or a
	// Unix socket, so the peer is a process on this machine.
	local bool
	// known: the server said which local address accepted the
	// connection (http.LocalAddrContextKey).
	known bool
	// rewritten: RemoteAddr does not name the connection's peer: addr is
	// the address it names instead (local is false), or, when it names
	// none, stands for "some process on this machine" (local is true).
	rewritten bool
}

// peerOf works out the connection's peer from the local address net/http
// records in the request's context, which no middleware rewrites, and
// remote, r.RemoteAddr as it was when the middleware was entered (an
// earlier RealIP-style middleware may have rewritten it from headers; a
// later one can no longer matter). It returns a refusal when the two
// disagree: a connection accepted on a public interface cannot come from a
// loopback address, and net/http always records a port.
func peerOf(r *http.Request, remote string) (connPeer, refusal) {
	local, known := localAddr(r)
	return peerFrom(local, known, remote)
}

// peerFrom is peerOf for a local side already read from the context.
func peerFrom(local localSide, known bool, remote string) (connPeer, refusal) {
	rp, rerr := netip.ParseAddrPort(remote)
	ra := rp.Addr().Unmap()
	if rerr != nil {
		if a, err := netip.ParseAddr(strings.TrimSuffix(strings.TrimPrefix(remote, "["), "]")); err == nil {
			ra = a.Unmap()
		}
	}
	if !known {
		// Handed to ServeHTTP without a server (tests, in-process
		// callers): RemoteAddr is all there is.
		if !ra.IsValid() {
			return connPeer{}, refusal{why: whyNoPeer, detail: remote}
		}
		return connPeer{addr: ra, local: ra.IsLoopback()}, refusal{}
	}
	if local.loopback {
		if ra.IsValid() && ra.IsLoopback() {
			return connPeer{addr: ra, local: true, known: true}, refusal{}
		}
		if ra.IsValid() {
			// A loopback interface, reached from another address:
			// earlier middleware rewrote RemoteAddr (from a header it
			// may have removed), or the kernel delivers other
			// machines' packets to loopback (route_localnet, a
			// PROXY-protocol listener). The client may be that
			// address, which the guard checks (peerCheck).
			return connPeer{addr: ra, known: true, rewritten: true}, refusal{}
		}
		// No address at all (a Unix socket's "@"): some process on
		// this machine.
		return connPeer{addr: netip.IPv6Loopback(), local: true, known: true, rewritten: true}, refusal{}
	}
	if rerr != nil || ra.IsLoopback() || ra.IsUnspecified() {
		return connPeer{}, refusal{why: whyRewritten, detail: remote}
	}
	return connPeer{addr: ra, known: true}, refusal{}
}

// localSide is the server's end of a connection.
type localSide struct {
	loopback bool // a loopback interface or a Unix socket
}

// localAddr returns the server's end of the request's connection, when the
// server recorded it.
func localAddr(r *http.Request) (localSide, bool) {
	switch a := r.Context().Value(http.LocalAddrContextKey).(type) {
	case *net.TCPAddr:
		return localSide{loopback: a.IP.IsLoopback()}, true
	case *net.UnixAddr:
		return localSide{loopback: true}, true
	case net.Addr:
		if a.Network() == "unix" {
			return localSide{loopback: true}, true
		}
		ap, err := netip.ParseAddrPort(a.String())
		return localSide{loopback: err == nil && ap.Addr().Unmap().IsLoopback()}, true
	}
	return localSide{}, false
}

// forwardedClients checks the addresses a trusted proxy's headers name.
// Every one must be loopback, an allowed peer or a trusted proxy; the
// client (the first address from the right that is not a trusted proxy,
// or the leftmost) must be loopback or an allowed peer; and a host the
// proxy passes on must pass the Host check. named reports whether the
// headers named any client address at all.
func (g *Config) forwardedClients(r *http.Request) (named bool, ref refusal) {
	for _, list := range []string{"X-Forwarded-For", "X-Original-Forwarded-For", "Forwarded"} {
		parse := xffAddr
		if list == "Forwarded" {
			parse = forwardedFor
		}
		if ref := g.walkList(r.Header[list], list, parse); ref.why != 0 {
			return true, ref
		}
		named = named || len(r.Header[list]) > 0
	}
	for _, h := range singleAddressHeaders {
		for _, v := range r.Header[h] {
			named = true
			a, ok := xffAddr(v)
			if !ok || !g.isLocalClient(a) {
				return true, refusal{why: whyForwardedClient, detail: h + ": " + v}
			}
		}
	}
	for _, v := range r.Header["X-Forwarded-Host"] {
		for _, h := range strings.Split(v, ",") {
			if !g.HostAllowed(strings.TrimSpace(h)) {
				return named, refusal{why: whyHost, detail: "X-Forwarded-Host: " + v}
			}
		}
	}
	for _, v := range r.Header["Forwarded"] {
		for _, elem := range strings.Split(v, ",") {
			if h, ok := forwardedParam(elem, "host"); ok && !g.HostAllowed(h) {
				return named, refusal{why: whyHost, detail: "Forwarded: " + v}
			}
		}
	}
	return named, refusal{}
}

// walkList checks one list-valued forwarding header (all its lines, in
// order) walking from the right, as the proxies appended to it.
func (g *Config) walkList(lines []string, name string, parse func(string) (netip.Addr, bool)) refusal {
	clientFound := false
	for li := len(lines) - 1; li >= 0; li-- {
		rest := lines[li]
		for {
			comma := strings.LastIndexByte(rest, ',')
			e := strings.TrimSpace(rest[comma+1:])
			leftmost := comma < 0 && li == 0
			a, ok := parse(e)
			if !ok {
				return refusal{why: whyForwardedClient, detail: name + ": " + e}
			}
			trusted := inPrefixes(g.trusted, a)
			local := g.isLocalClient(a)
			if !clientFound && (!trusted || leftmost) {
				clientFound = true
				if !local {
					return refusal{why: whyForwardedClient, detail: name + ": " + e}
				}
			} else if !trusted && !local {
				return refusal{why: whyForwardedClient, detail: name + ": " + e}
			}
			if comma < 0 {
				break
			}
			rest = rest[:comma]
		}
	}
	return refusal{}
}

// isLocalClient reports whether a is this machine (loopback) or an allowed
// peer.
func (g *Config) isLocalClient(a netip.Addr) bool {
	a = a.Unmap()
	return a.IsLoopback() || inPrefixes(g.peers, a)
}

// xffAddr reads one X-Forwarded-For element: an address, possibly with a
// port or in brackets.
func xffAddr(s string) (netip.Addr, bool) {
	s = strings.TrimSpace(s)
	// A port follows "]" or the only colon; parsing the wrong form would
	// allocate an error on every request.
	if i := strings.LastIndexByte(s, ':'); i >= 0 && (strings.HasPrefix(s, "[") && strings.HasSuffix(s[:i], "]") || strings.IndexByte(s, ':') == i) {
		ap, err := netip.ParseAddrPort(s)
		if err != nil {
			return netip.Addr{}, false
		}
		return ap.Addr().Unmap(), true
	}
	a, err := netip.ParseAddr(strings.TrimSuffix(strings.TrimPrefix(s, "["), "]"))
	if err != nil || a.Zone() != "" {
		return netip.Addr{}, false
	}
	return a.Unmap(), true
}

// forwardedFor reads the for= address of one RFC 7239 Forwarded element.
// An element without for=, "unknown" and obfuscated identifiers name no
// address, so the client is unknown and refused.
func forwardedFor(elem string) (netip.Addr, bool) {
	v, ok := forwardedParam(elem, "for")
	if !ok {
		return netip.Addr{}, false
	}
	return xffAddr(v)
}

// forwardedParam returns the unquoted value of one parameter of a
// Forwarded element.
func forwardedParam(elem, key string) (string, bool) {
	for rest := elem; rest != ""; {
		var kv string
		kv, rest, _ = strings.Cut(rest, ";")
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if ok && strings.EqualFold(strings.TrimSpace(k), key) {
			return strings.Trim(strings.TrimSpace(v), `"`), true
		}
	}
	return "", false
}

// namedInHeaders reports whether a appears among the client addresses of
// r's forwarding headers: a sign that RealIP-style middleware copied one of
// them into RemoteAddr before the guard saw it.
func namedInHeaders(r *http.Request, a netip.Addr) bool {
	for _, h := range []string{"X-Forwarded-For", "X-Original-Forwarded-For", "Forwarded"} {
		for _, line := range r.Header[h] {
			for _, e := range strings.Split(line, ",") {
				parse := xffAddr
				if h == "Forwarded" {
					parse = forwardedFor
				}
				if b, ok := parse(e); ok && b == a {
					return true
				}
			}
		}
	}
	for _, h := range singleAddressHeaders {
		for _, v := range r.Header[h] {
			if b, ok := xffAddr(v); ok && b == a {
				return true
			}
		}
	}
	return false
}
