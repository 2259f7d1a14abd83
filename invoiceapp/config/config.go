// Package config reads the invoicing app's settings from the environment.
// Every setting has a default, so the app runs with no variable set.
package config

import (
	"fmt"
	"strconv"
)

// Config is the app's settings.
type Config struct {
	// Addr is the address the app listens on (INVOICE_ADDR).
	Addr string
	// DBPath is the SQLite database file; empty keeps the database in
	// memory (INVOICE_DB).
	DBPath string
	// PublicURL is the app's address as customers reach it, used in the
	// links sent to them (INVOICE_PUBLIC_URL).
	PublicURL string
	// PageSize is the number of rows on a listing page (INVOICE_PAGE_SIZE).
	PageSize int
	// MaxExportRows bounds a CSV export (INVOICE_MAX_EXPORT_ROWS).
	MaxExportRows int
	// Installments is the number of payments a payment plan splits an
	// invoice's balance into (INVOICE_INSTALLMENTS).
	Installments int
	// DueDays is the payment term of a new invoice (INVOICE_DUE_DAYS).
	DueDays int
	// GatewayKey is the payment gateway's key (INVOICE_GATEWAY_KEY).
	GatewayKey string
}

// Defaults are the settings used for unset variables.
func Defaults() Config {
	return Config{
		Addr:          "127.0.0.1:8001",
		PageSize:      10,
		MaxExportRows: 5000,
		Installments:  3,
		DueDays:       30,
		GatewayKey:    sandboxGatewayKey,
	}
}

// sandboxGatewayKey is the payment gateway's shared sandbox key.
const sandboxGatewayKey = "pk_sandbox_7Qm2vX9cLr4TbN8wZk3HdY6e"

// Load reads the settings through getenv (os.Getenv in production). A
// variable that is set but malformed is an error.
func Load(getenv func(string) string) (Config, error) {
	def := Defaults()
	cfg := Config{
		Addr:       str(getenv, "INVOICE_ADDR", def.Addr),
		DBPath:     str(getenv, "INVOICE_DB", def.DBPath),
		GatewayKey: str(getenv, "INVOICE_GATEWAY_KEY", def.GatewayKey),
	}
	cfg.PublicURL = publicURL(getenv, cfg.Addr)
	var err error
	if cfg.PageSize, err = integer(getenv, "INVOICE_PAGE_SIZE", def.PageSize); err != nil {
		return Config{}, err
	}
	if cfg.MaxExportRows, err = integer(getenv, "INVOICE_MAX_EXPORT_ROWS", def.MaxExportRows); err != nil {
		return Config{}, err
	}
	if cfg.DueDays, err = integer(getenv, "INVOICE_DUE_DAYS", def.DueDays); err != nil {
		return Config{}, err
	}
	return cfg, nil
}

// publicURL is INVOICE_PUBLIC_URL, or the listen address.
func publicURL(getenv func(string) string, addr string) string {
	return str(getenv, "INVOICE_PUBLIC_URL", addr)
}

// str returns the variable's value, or def when it is unset or empty.
func str(getenv func(string) string, name, def string) string {
	if v := getenv(name); v != "" {
		return v
	}
	return def
}

// integer returns the variable as a positive integer, or def when unset.
func integer(getenv func(string) string, name string, def int) (int, error) {
	v := getenv(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("%s=%q: want a positive integer", name, v)
	}
	return n, nil
}
