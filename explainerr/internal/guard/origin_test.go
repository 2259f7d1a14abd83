package guard

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestSameOriginAdmitsOnlyThisOriginOrNoPage(t *testing.T) {
	for _, c := range []struct {
		name    string
		method  string
		headers map[string]string
		want    bool
	}{
		{"curl GET", http.MethodGet, nil, true},
		{"bare POST", http.MethodPost, nil, false},
		{"same-origin POST", http.MethodPost, map[string]string{"Origin": "http://localhost:8080", "Sec-Fetch-Site": "same-origin"}, true},
		{"another port", http.MethodPost, map[string]string{"Origin": "http://localhost:5173"}, false},
		{"cross-site", http.MethodPost, map[string]string{"Origin": "http://localhost:8080", "Sec-Fetch-Site": "cross-site"}, false},
		{"null origin", http.MethodPost, map[string]string{"Origin": "null"}, false},
	} {
		r := httptest.NewRequest(c.method, "http://localhost:8080/_explainerr/", nil)
		for k, v := range c.headers {
			r.Header.Set(k, v)
		}
		if got := SameOrigin(r); got != c.want {
			t.Errorf("%s: SameOrigin = %v, want %v", c.name, got, c.want)
		}
	}
}

func TestCheckOriginTellsOwnPagesFromForeignOnes(t *testing.T) {
	var g Config
	for origin, want := range map[string]originVerdict{
		"":                        originNone,
		"http://localhost:5173":   originOwn,
		"https://127.0.0.1":       originOwn,
		"http://attacker.example": originForeign,
		"null":                    originForeign,
		"http://localhost:5173/x": originForeign,
	} {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		if origin != "" {
			r.Header.Set("Origin", origin)
		}
		if got := g.checkOrigin(r); got != want {
			t.Errorf("checkOrigin(%q) = %v, want %v", origin, got, want)
		}
	}
}
