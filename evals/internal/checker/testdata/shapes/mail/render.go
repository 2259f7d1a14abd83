// Package mail renders messages; its file is named like one in package web.
package mail

import "strings"

// Body renders a message body.
func Body(lines []string) string {
	return strings.Join(lines, "\n")
}
