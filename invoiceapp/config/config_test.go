package config

import (
	"strings"
	"testing"
)

// env returns a getenv over a fixed set of variables.
func env(vars map[string]string) func(string) string {
	return func(name string) string { return vars[name] }
}

func TestLoadWithNoVariablesUsesTheDefaults(t *testing.T) {
	cfg, err := Load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	def := Defaults()
	if cfg.Addr != def.Addr || cfg.DBPath != "" || cfg.PageSize != def.PageSize || cfg.DueDays != def.DueDays {
		t.Errorf("Load() = %+v, want the defaults %+v", cfg, def)
	}
}

func TestLoadReadsTheVariables(t *testing.T) {
	cfg, err := Load(env(map[string]string{
		"INVOICE_ADDR": "127.0.0.1:9999", "INVOICE_DB": "/tmp/x.db", "INVOICE_PAGE_SIZE": "25", "INVOICE_DUE_DAYS": "14",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Addr != "127.0.0.1:9999" || cfg.DBPath != "/tmp/x.db" || cfg.PageSize != 25 || cfg.DueDays != 14 {
		t.Errorf("Load() = %+v", cfg)
	}
}

func TestLoadRejectsAMalformedNumber(t *testing.T) {
	for _, v := range []string{"ten", "0", "-3", "2.5"} {
		_, err := Load(env(map[string]string{"INVOICE_PAGE_SIZE": v}))
		if err == nil || !strings.Contains(err.Error(), "INVOICE_PAGE_SIZE") {
			t.Errorf("INVOICE_PAGE_SIZE=%q: error %v, want one naming the variable", v, err)
		}
	}
}
