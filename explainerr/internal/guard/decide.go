package guard

import (
	"net/http"
	"net/netip"
	"strconv"
)

// Admission is the guard's verdict on one request: whether its client is
// the developer and may see the report of a failure. It is taken in two
// steps. When the request enters the middleware, before any handler it
// wraps could rewrite the request, the middleware records RemoteAddr and
// Host (Admit does for the history's routes); this costs two string copies
// on the stack, since most requests do not fail. When a request fails,
// Decide reads the rest: the connection's local address, forwarding
// headers, the Host, and where the browser says the request came from.
type Admission struct {
	// remote and host are r.RemoteAddr and r.Host on entry.
	remote, host string
	// decided: Decide has run; refused is final.
	decided bool
	refused refusal
	// ownOrigin: the request came from a page of the developer's own
	// (a front-end dev server on another localhost port, say), whose
	// CORS headers the report keeps.
	ownOrigin bool
}

// OK reports whether the client may see the report: after Decide, the
// verdict; before it, always true.
func (a Admission) OK() bool { return a.refused.why == 0 }

// refusal says why a client gets no report. detail (or addr) is the
// offending value, quoted in the log; it is formatted only then.
type refusal struct {
	why    refusalReason
	detail string
	addr   netip.Addr
}

// refusalReason is one reason to refuse a report.
type refusalReason uint8

const (
	_ refusalReason = iota
	whyNoPeer
	whyRewritten
	whyRemote
	whyNotAllowed
	whyForwarded
	whyUntrustedProxy
	whyForwardedClient
	whyHost
	whyCrossSite
	whyForeignOrigin
)

// String is the log's explanation of a refusal, in one line.
func (r refusal) String() string {
	var s string
	switch r.why {
	case 0:
		return ""
	case whyNoPeer:
		s = "the request has no client address"
	case whyRewritten:
		s = "the client address was rewritten before explainerr saw it (put explainerr before RealIP-style middleware)"
	case whyRemote:
		s = "the client's address is not loopback and not an allowed peer (WithAllowedPeers); a request to this machine's own network address counts as remote, since port forwarding (Docker's, a router's) relays others' requests from it"
	case whyNotAllowed:
		s = "the WithAllowRemote function refused the client"
	case whyForwarded:
		s = "a forwarding header is present and no trusted proxies are named (WithTrustedProxies): a proxy or tunnel may be relaying someone else"
	case whyUntrustedProxy:
		s = "forwarding headers came from a peer that is not a trusted proxy (WithTrustedProxies)"
	case whyForwardedClient:
		s = "a forwarding header names a client whose address is not loopback and not an allowed peer"
	case whyHost:
		s = "the Host is not loopback, localhost or an allowed host (WithAllowedHosts): DNS rebinding or a request meant for another site"
	case whyCrossSite:
		s = "the request comes from a page of another site (Sec-Fetch-Site: cross-site, or the Referer when the browser sends no Fetch Metadata)"
	case whyForeignOrigin:
		s = "the request comes from a page whose Origin is not loopback, localhost or an allowed host"
	}
	switch {
	case r.detail != "":
		s += ": " + strconv.Quote(truncate(r.detail, 200))
	case r.addr.IsValid():
		s += ": " + strconv.Quote(r.addr.String())
	}
	return s
}

// Admit takes the guard's first step when r enters the middleware: it
// records r.RemoteAddr and r.Host, which a handler it wraps (RealIP-style
// middleware) may rewrite. Everything else waits until the request fails.
func Admit(r *http.Request) Admission { return Entered(r.RemoteAddr, r.Host) }

// Entered is the guard's first step for a request whose RemoteAddr and
// Host were remote and host when it entered the middleware.
func Entered(remote, host string) Admission {
	return Admission{remote: remote, host: host}
}

// Refused says, in one line for the log, why the client gets no report;
// "" when it may see one.
func (a Admission) Refused() string { return a.refused.String() }

// OwnOrigin reports whether the request came from a page of the
// developer's own (a front-end dev server on another localhost port, say),
// whose CORS headers the report keeps.
func (a Admission) OwnOrigin() bool { return a.ownOrigin }

// Host is the request's Host as it entered the middleware.
func (a Admission) Host() string { return a.host }

// peerRefusal refuses the client of r, whose RemoteAddr was remote on
// entry, when the connection's peer is neither on this machine, nor an
// allowed peer, nor a trusted proxy. It reads the local address net/http
// records in r's context, which no handler can rewrite.
func (g *Config) peerRefusal(r *http.Request, remote string) refusal {
	if g.allowRemote != nil {
		return refusal{} // the developer's function decides
	}
	local, known := localAddr(r)
	if known && local.loopback {
		return refusal{} // this machine: the usual case
	}
	peer, ref := peerFrom(local, known, remote)
	if ref.why == 0 && !g.isLocalClient(peer.addr) && !inPrefixes(g.trusted, peer.addr) {
		ref = refusal{why: whyRemote, addr: peer.addr}
	}
	return ref
}

// Decide completes a's verdict for the failed request r.
//
// The developer is a client that reached the server from this machine (or
// from an allowed peer) as the connection saw it, with no forwarding header
// unless it came through a trusted proxy that names only such clients;
// that used a Host naming this machine; and that was not sent by a page
// on another site. WithAllowRemote replaces the first part only.
func (g *Config) Decide(r *http.Request, a Admission) Admission {
	if a.decided {
		return a
	}
	a.decided = true
	if a.refused = g.peerRefusal(r, a.remote); a.refused.why != 0 {
		return a
	}
	origin, ref := g.siteCheck(r, a.host)
	if ref.why != 0 {
		a.refused = ref
		return a
	}
	a.ownOrigin = origin == originOwn
	if g.allowRemote != nil {
		// The function sees the request as it arrived, not as later
		// middleware rewrote it.
		entry := r.WithContext(r.Context())
		entry.RemoteAddr, entry.Host = a.remote, a.host
		if !g.allowRemote(entry) {
			a.refused = refusal{why: whyNotAllowed, detail: a.remote}
		}
		return a
	}
	a.refused = g.peerCheck(r, a.remote)
	return a
}

// siteCheck refuses DNS rebinding and requests sent by pages on other
// sites, and says what the Origin header tells.
func (g *Config) siteCheck(r *http.Request, host string) (originVerdict, refusal) {
	// A request handed to ServeHTTP without a server (tests, in-process
	// callers) came over no connection a browser could have been lured
	// into, so its Host says nothing about rebinding.
	if _, known := localAddr(r); known && !g.HostAllowed(host) {
		return originNone, refusal{why: whyHost, detail: host}
	}
	if crossSite(r) {
		return originNone, refusal{why: whyCrossSite}
	}
	if ref, foreign := g.foreignReferer(r); foreign {
		return originNone, refusal{why: whyCrossSite, detail: "Referer: " + ref}
	}
	origin := g.checkOrigin(r)
	if origin == originForeign {
		return origin, refusal{why: whyForeignOrigin, detail: r.Header.Get("Origin")}
	}
	return origin, refusal{}
}

// peerCheck decides from the connection (remote is r.RemoteAddr on entry)
// and the forwarding headers whether the client is on this machine or an
// allowed peer.
func (g *Config) peerCheck(r *http.Request, remote string) refusal {
	peer, ref := peerOf(r, remote)
	if ref.why != 0 {
		return ref
	}
	fwd := forwardingHeader(r)
	if peer.rewritten && !peer.local {
		// A loopback connection whose RemoteAddr names another address.
		// With forwarding headers, they name the client and are
		// checked below, the peer standing for the local proxy; without
		// any, that address is the client.
		if fwd == "" && !g.isLocalClient(peer.addr) {
			return refusal{why: whyRewritten, detail: remote}
		}
		if fwd != "" {
			peer = connPeer{addr: netip.IPv6Loopback(), local: true, known: true, rewritten: true}
		}
	}
	if fwd == "" || len(g.trusted) == 0 {
		if !g.isLocalClient(peer.addr) {
			return refusal{why: whyRemote, addr: peer.addr}
		}
		if fwd != "" {
			return refusal{why: whyForwarded, detail: fwd}
		}
		return refusal{}
	}
	if !peer.local && namedInHeaders(r, peer.addr) {
		return refusal{why: whyRewritten, detail: remote}
	}
	if !inPrefixes(g.trusted, peer.addr) && !(peer.rewritten && trustsLoopback(g)) {
		return refusal{why: whyUntrustedProxy, addr: peer.addr}
	}
	named, ref := g.forwardedClients(r)
	if ref.why != 0 {
		return ref
	}
	if !named && !g.isLocalClient(peer.addr) {
		// The proxy names no client: the proxy itself is the client.
		return refusal{why: whyRemote, addr: peer.addr}
	}
	return refusal{}
}

// trustsLoopback reports whether a trusted proxy is on this machine. A
// peer known only to be local (its RemoteAddr was rewritten) is then taken
// for it.
func trustsLoopback(g *Config) bool {
	for _, p := range g.trusted {
		if p.Addr().IsLoopback() {
			return true
		}
	}
	return false
}

// truncate cuts s to n bytes, marking the cut with an ellipsis.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
