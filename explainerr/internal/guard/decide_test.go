package guard

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// overConnection returns a request to host from remote, as a server
// listening on local would hand it over.
func overConnection(local, remote, host string) *http.Request {
	r := httptest.NewRequest(http.MethodGet, "http://"+host+"/", nil)
	r.RemoteAddr = remote
	addr, _ := net.ResolveTCPAddr("tcp", local)
	return r.WithContext(context.WithValue(r.Context(), http.LocalAddrContextKey, addr))
}

func TestDecideAdmitsTheDeveloperAndSaysWhyOthersAreRefused(t *testing.T) {
	var g Config
	for _, c := range []struct {
		name   string
		r      *http.Request
		refuse string // part of the refusal; "" to admit
	}{
		{"loopback", overConnection("127.0.0.1:8080", "127.0.0.1:50000", "localhost:8080"), ""},
		{"another machine", overConnection("192.0.2.1:8080", "198.51.100.7:50000", "192.0.2.1:8080"), `not loopback and not an allowed peer (WithAllowedPeers); a request to this machine's own network address counts as remote, since port forwarding (Docker's, a router's) relays others' requests from it: "198.51.100.7"`},
		{"rebinding", overConnection("127.0.0.1:8080", "127.0.0.1:50000", "attacker.example:8080"), `DNS rebinding or a request meant for another site: "attacker.example:8080"`},
		{"forwarded", func() *http.Request {
			r := overConnection("127.0.0.1:8080", "127.0.0.1:50000", "localhost:8080")
			r.Header.Set("X-Forwarded-For", "203.0.113.5")
			return r
		}(), "no trusted proxies are named"},
	} {
		a := g.Decide(c.r, Admit(c.r))
		if a.OK() != (c.refuse == "") || !strings.Contains(a.Refused(), c.refuse) {
			t.Errorf("%s: OK %v, refused %q; want refusal containing %q", c.name, a.OK(), a.Refused(), c.refuse)
		}
		if again := g.Decide(c.r, a); again != a {
			t.Errorf("%s: a second Decide changed the verdict %+v to %+v", c.name, a, again)
		}
	}
}

func TestDecideJudgesTheRequestAsItEntered(t *testing.T) {
	var g Config
	r := overConnection("127.0.0.1:8080", "127.0.0.1:50000", "localhost:8080")
	a := Admit(r)
	r.RemoteAddr, r.Host = "198.51.100.7:1", "attacker.example" // a later RealIP-style rewrite
	if a = g.Decide(r, a); !a.OK() || a.Host() != "localhost:8080" {
		t.Errorf("after a rewrite: OK %v (%s), host %q; want the entry's loopback client and host", a.OK(), a.Refused(), a.Host())
	}
}

func TestAllowRemoteReplacesThePeerCheckOnly(t *testing.T) {
	var g Config
	g.SetAllowRemote(func(r *http.Request) bool { return r.RemoteAddr == "198.51.100.7:50000" })
	allowed := overConnection("192.0.2.1:8080", "198.51.100.7:50000", "localhost:8080")
	if a := g.Decide(allowed, Admit(allowed)); !a.OK() {
		t.Errorf("the function's client was refused: %s", a.Refused())
	}
	other := overConnection("192.0.2.1:8080", "198.51.100.8:50000", "localhost:8080")
	if a := g.Decide(other, Admit(other)); a.OK() || !strings.Contains(a.Refused(), "WithAllowRemote function refused") {
		t.Errorf("another client: OK %v, %q", a.OK(), a.Refused())
	}
	crossSite := overConnection("192.0.2.1:8080", "198.51.100.7:50000", "localhost:8080")
	crossSite.Header.Set("Sec-Fetch-Site", "cross-site")
	if a := g.Decide(crossSite, Admit(crossSite)); a.OK() {
		t.Error("the function's client was admitted from another site's page")
	}
}
