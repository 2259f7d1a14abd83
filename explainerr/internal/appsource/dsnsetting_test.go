package appsource

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestConnectionStringWithSettingsSwapped: a connection error whose words
// a connection string's format holds ("sslmode") brings the functions
// that build one; the one whose "sslmode=%s" is given the database's name
// comes first, within the context's budget.
func TestConnectionStringWithSettingsSwapped(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/ledger\n",
		"config/config.go": `package config

// Database is the database's settings.
type Database struct{ Host, Name, SslMode, User string }
`,
		"db/alpha.go": `package db

import (
	"fmt"

	"example.com/ledger/config"
)

// ReportsDSN is the reports database's connection string.
func ReportsDSN(c config.Database) string {
	return fmt.Sprintf("postgres://%s/%s?sslmode=%s&user=%s", c.Host, c.Name, c.SslMode, c.User)
}
`,
		"db/zeta.go": `package db

import (
	"fmt"

	"example.com/ledger/config"
)

// MainDSN is the main database's connection string.
func MainDSN(c config.Database) string {
	return fmt.Sprintf("postgres://%s/%s?sslmode=%s&user=%s", c.Host, c.SslMode, c.Name, c.User)
}
`,
		"svc/svc.go": `package svc

// Ledger moves money.
type Ledger interface{ Transfer(from, to int) error }
`,
		"web/web.go": ledgerWeb,
	})
	fr := report.Frame{Function: "example.com/ledger/web.(*handler).transfer", File: "web/web.go", Line: 13}
	var got []string
	for _, c := range Static(shelfReport(root, `pq: unsupported sslmode "ledger"; only "require" (default), "verify-full", "verify-ca", and "disable" supported`, fr)) {
		if c.Reason == report.ReasonSetting {
			got = append(got, c.File+":"+c.Symbol)
		}
	}
	if len(got) == 0 || got[0] != "db/zeta.go:MainDSN" || !strings.Contains(strings.Join(got, " "), "db/alpha.go:ReportsDSN") {
		t.Errorf("setting chunks %v, want db/zeta.go:MainDSN first, then db/alpha.go:ReportsDSN", got)
	}
}
