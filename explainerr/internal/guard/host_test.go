package guard

import "testing"

func TestHostAllowedNamesThisMachineOrAnAllowedHost(t *testing.T) {
	var g Config
	g.AddHosts([]string{"myapp.test", "*.example.dev"})
	for host, want := range map[string]bool{
		"localhost:8080":      true,
		"api.LOCALHOST":       true,
		"127.0.0.1:3000":      true,
		"[::1]:3000":          true,
		"myapp.test":          true,
		"a.b.example.dev:443": true,
		"example.dev":         false,
		"attacker.example":    false,
		"192.0.2.1":           false,
		"":                    false,
	} {
		if got := g.HostAllowed(host); got != want {
			t.Errorf("HostAllowed(%q) = %v, want %v", host, got, want)
		}
	}
}

func TestHostNameDropsThePort(t *testing.T) {
	for in, want := range map[string]string{
		"localhost:8080": "localhost",
		"[::1]:3000":     "::1",
		"[::1]":          "::1",
		"myapp.test":     "myapp.test",
	} {
		if got := HostName(in); got != want {
			t.Errorf("HostName(%q) = %q, want %q", in, got, want)
		}
	}
}
