package guard

import (
	"net/netip"
	"strings"
	"testing"
)

func TestParsePrefixReadsAddressesAndCIDRs(t *testing.T) {
	for in, want := range map[string]string{
		"192.0.2.1":           "192.0.2.1/32",
		" ::1 ":               "::1/128",
		"[::1]":               "::1/128",
		"10.1.2.3/8":          "10.0.0.0/8",
		"::ffff:10.0.0.0/104": "10.0.0.0/8",
		"::ffff:192.0.2.7":    "192.0.2.7/32",
	} {
		p, err := parsePrefix(in)
		if err != nil || p.String() != want {
			t.Errorf("parsePrefix(%q) = %v, %v; want %s", in, p, err, want)
		}
	}
	for _, in := range []string{"", "localhost", "10.0.0.0/33", "fe80::1%eth0"} {
		if p, err := parsePrefix(in); err == nil {
			t.Errorf("parsePrefix(%q) = %v, want an error", in, p)
		}
	}
}

func TestSettersRecordWhatParsesAndNameWhatDoesNot(t *testing.T) {
	var g Config
	g.AddTrustedProxies([]string{"127.0.0.1", "proxy.local"})
	g.AddPeers([]string{"192.168.1.0/24"})
	g.AddHosts([]string{"MyApp.Test.", "*.example.dev", "192.0.2.9", "http://bad.test"})
	if !inPrefixes(g.trusted, netip.MustParseAddr("::ffff:127.0.0.1")) {
		t.Errorf("trusted proxies %v lack 127.0.0.1", g.trusted)
	}
	if !inPrefixes(g.peers, netip.MustParseAddr("192.168.1.40")) || inPrefixes(g.peers, netip.MustParseAddr("192.168.2.40")) {
		t.Errorf("peers %v: want 192.168.1.0/24 exactly", g.peers)
	}
	if got := strings.Join(g.hosts, " "); got != "myapp.test .example.dev" {
		t.Errorf("hosts %q, want \"myapp.test .example.dev\"", got)
	}
	if len(g.hostIPs) != 1 || g.hostIPs[0] != netip.MustParseAddr("192.0.2.9") {
		t.Errorf("host addresses %v, want [192.0.2.9]", g.hostIPs)
	}
	err := g.Err()
	if err == nil {
		t.Fatal("no error for the values that do not parse")
	}
	for _, want := range []string{`WithTrustedProxies("proxy.local")`, `WithAllowedHosts("http://bad.test")`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not name %s", err, want)
		}
	}
}
