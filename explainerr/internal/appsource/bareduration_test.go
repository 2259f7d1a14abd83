package appsource

import "testing"

// TestTimeoutFromABareDuration: a timeout error puts first, among the
// code of the settings, the function that converts a value to
// time.Duration with no unit.
func TestTimeoutFromABareDuration(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/pool\n",
		"config/config.go": `package config

import "os"

// Addr is where to listen.
func Addr() string { return os.Getenv("ADDR") }
`,
		"db/db.go": `package db

import "time"

// Pool is a database pool.
type Pool struct{ timeout time.Duration }

// WithTimeout sets the query timeout.
func (p *Pool) WithTimeout(d time.Duration) *Pool { p.timeout = d; return p }

// Open opens a pool whose queries last timeout seconds at most.
func Open(dsn string, timeout int) *Pool {
	p := &Pool{}
	return p.WithTimeout(time.Duration(timeout))
}
`,
		"web/handler.go": `package web

import "net/http"

func list(w http.ResponseWriter, r *http.Request) {
	http.Error(w, "read tcp 127.0.0.1:5432: i/o timeout", http.StatusInternalServerError)
}
`,
	})
	m := Load(root + "/db/db.go")
	convs := m.BareDurationConversions()
	if len(convs) != 1 || convs[0].Text != "time.Duration(timeout)" || convs[0].Call != "WithTimeout" {
		t.Fatalf("conversions: %+v", convs)
	}
	r := ledgerReport(t, root, "web/handler.go", 6, "example.com/pool/web.list", "read tcp 127.0.0.1:5432: i/o timeout")
	cs := Static(r)
	for _, c := range cs {
		if c.Reason == "setting" {
			if c.Symbol != "Open" {
				t.Errorf("the first setting chunk is %s, want Open: %v", c.Symbol, reasonsInOrder(cs))
			}
			return
		}
	}
	t.Errorf("no setting chunk: %v", reasonsInOrder(cs))
}
