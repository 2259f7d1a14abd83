package sqlstore

import (
	"fmt"
	"time"
)

// dateLayout is how dates are stored: ISO 8601 calendar dates.
const dateLayout = "2006-01-02"

// parseDate reads a stored date.
func parseDate(column, value string) (time.Time, error) {
	t, err := time.Parse(dateLayout, value)
	if err != nil {
		return time.Time{}, fmt.Errorf("column %s: %w", column, err)
	}
	return t, nil
}

// formatDate writes a date for storage.
func formatDate(t time.Time) string { return t.Format(dateLayout) }
