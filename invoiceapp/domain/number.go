package domain

import (
	"fmt"
	"strconv"
	"strings"
)

// FormatNumber writes an invoice number: the year and a five-digit
// sequence, such as "INV-2026-00042".
func FormatNumber(year, seq int) string {
	return fmt.Sprintf("INV-%d-%05d", year, seq)
}

// ParseNumber reads an invoice number written by FormatNumber.
func ParseNumber(number string) (year, seq int, err error) {
	parts := strings.Split(number, "-")
	if len(parts) != 3 || parts[0] != "INV" || len(parts[1]) != 4 || len(parts[2]) != 5 {
		return 0, 0, fmt.Errorf("malformed invoice number %q: want INV-YYYY-NNNNN", number)
	}
	if year, err = strconv.Atoi(parts[1]); err != nil {
		return 0, 0, fmt.Errorf("invoice number %q: year: %w", number, err)
	}
	if seq, err = strconv.Atoi(parts[2]); err != nil {
		return 0, 0, fmt.Errorf("invoice number %q: sequence: %w", number, err)
	}
	return year, seq, nil
}
