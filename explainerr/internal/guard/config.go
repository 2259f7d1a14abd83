package guard

import (
	"errors"
	"fmt"
	"net/http"
	"net/netip"
	"strings"
)

// Config is what the developer told the guard about who they are.
type Config struct {
	// hosts are extra Host names: exact ("myapp.test") or, with a
	// leading ".", every name below one ("*.example.dev" is kept as
	// ".example.dev"). Lower case, no port.
	hosts []string
	// hostIPs are extra Host addresses.
	hostIPs []netip.Addr
	// trusted are the reverse proxies whose forwarding headers count.
	trusted []netip.Prefix
	// peers are clients besides this machine that may see reports.
	peers []netip.Prefix
	// allowRemote, when set, replaces the peer check.
	allowRemote func(*http.Request) bool
	// errs are the option values that could not be understood.
	errs []error
}

// Err returns what was wrong with the guard's options, or nil.
func (g *Config) Err() error {
	return errors.Join(g.errs...)
}

// AddTrustedProxies records the reverse proxies (addresses or CIDRs)
// whose forwarding headers count (WithTrustedProxies).
func (g *Config) AddTrustedProxies(proxies []string) {
	g.trusted = g.addPrefixes(g.trusted, "WithTrustedProxies", proxies)
}

// AddPeers records the clients besides this machine (addresses or CIDRs)
// that may see reports (WithAllowedPeers).
func (g *Config) AddPeers(peers []string) {
	g.peers = g.addPrefixes(g.peers, "WithAllowedPeers", peers)
}

// SetAllowRemote makes allow, when not nil, decide in place of the peer
// check which clients may see reports (WithAllowRemote).
func (g *Config) SetAllowRemote(allow func(*http.Request) bool) { g.allowRemote = allow }

// addPrefixes parses addresses and CIDRs for the option named by opt and
// appends them to list; what does not parse is recorded as an error.
func (g *Config) addPrefixes(list []netip.Prefix, opt string, values []string) []netip.Prefix {
	for _, v := range values {
		p, err := parsePrefix(v)
		if err != nil {
			g.errs = append(g.errs, fmt.Errorf("explainerr: %s(%q): %w", opt, v, err))
			continue
		}
		list = append(list, p)
	}
	return list
}

// parsePrefix reads "192.0.2.1", "::1", "[::1]" or "10.0.0.0/8" as a prefix
// (an address is a prefix of its full length).
func parsePrefix(s string) (netip.Prefix, error) {
	s = strings.TrimSpace(s)
	if strings.Contains(s, "/") {
		p, err := netip.ParsePrefix(s)
		if err != nil {
			return netip.Prefix{}, errors.New("not an IP address or CIDR")
		}
		if p.Addr().Is4In6() {
			p = netip.PrefixFrom(p.Addr().Unmap(), max(p.Bits()-96, 0))
		}
		return p.Masked(), nil
	}
	a, err := netip.ParseAddr(strings.TrimSuffix(strings.TrimPrefix(s, "["), "]"))
	if err != nil || a.Zone() != "" {
		return netip.Prefix{}, errors.New("not an IP address or CIDR")
	}
	a = a.Unmap()
	return netip.PrefixFrom(a, a.BitLen()), nil
}

// AddHosts records Host names and IP addresses; a name with a scheme,
// path, port or spaces is an error, since the Host check compares names
// only.
func (g *Config) AddHosts(hosts []string) {
	for _, h := range hosts {
		name := strings.ToLower(strings.TrimSuffix(strings.TrimSpace(h), "."))
		wildcard := strings.HasPrefix(name, "*.")
		if wildcard {
			name = name[1:] // keep the dot: ".example.dev"
		}
		if a, err := netip.ParseAddr(strings.TrimSuffix(strings.TrimPrefix(name, "["), "]")); err == nil && !wildcard {
			g.hostIPs = append(g.hostIPs, a.Unmap())
			continue
		}
		bare := strings.TrimPrefix(name, ".")
		if bare == "" || strings.ContainsAny(bare, "/:@ *?#[]\\") {
			g.errs = append(g.errs, fmt.Errorf("explainerr: WithAllowedHosts(%q): want a host name such as \"myapp.test\" or \"*.example.dev\", without scheme or port", h))
			continue
		}
		g.hosts = append(g.hosts, name)
	}
}

// inPrefixes reports whether a is in one of list (an IPv6 zone, as in
// "fe80::1%eth0", does not matter).
func inPrefixes(list []netip.Prefix, a netip.Addr) bool {
	a = a.Unmap().WithZone("")
	for _, p := range list {
		if p.Contains(a) {
			return true
		}
	}
	return false
}
