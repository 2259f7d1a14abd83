package domain

import (
	"fmt"
	"strings"
)

// Currency is an ISO 4217 currency as the app formats it.
type Currency struct {
	Code   string
	Symbol string
	// Digits is the number of minor-unit digits (2 for cents, 0 for yen).
	Digits int
}

// currencies are the currencies the app invoices in, by ISO code.
var currencies = map[string]Currency{
	"USD": {Code: "USD", Symbol: "$", Digits: 2},
	"EUR": {Code: "EUR", Symbol: "€", Digits: 2},
	"GBP": {Code: "GBP", Symbol: "£", Digits: 2},
	"JPY": {Code: "JPY", Symbol: "¥", Digits: 0},
}

// LookupCurrency returns the currency with the ISO code (upper case).
func LookupCurrency(code string) (Currency, error) {
	c, ok := currencies[code]
	if !ok {
		return Currency{}, fmt.Errorf("unknown currency %q", code)
	}
	return c, nil
}

// FormatMoney writes an amount in minor units in its currency, such as
// "$1,234.50".
func FormatMoney(minor int64, code string) (string, error) {
	c, err := LookupCurrency(code)
	if err != nil {
		return "", err
	}
	sign := ""
	if minor < 0 {
		sign, minor = "-", -minor
	}
	unit := int64(1)
	for range c.Digits {
		unit *= 10
	}
	whole := groupThousands(minor / unit)
	if c.Digits == 0 {
		return sign + c.Symbol + whole, nil
	}
	return fmt.Sprintf("%s%s%s.%0*d", sign, c.Symbol, whole, c.Digits, minor%unit), nil
}

// groupThousands writes n with commas between groups of three digits.
func groupThousands(n int64) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}
