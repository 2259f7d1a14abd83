package offline

import "strings"

// A time.Duration is a count of nanoseconds, so an untyped integer given
// where a Duration is expected (context.WithTimeout(ctx, 500)) is 500ns,
// not the half second the author meant: the deadline passes at once.

// bareDuration matches a call whose duration argument is a bare integer
// literal, and captures that literal.
const bareDuration = `\b(?:context\.WithTimeout\([^,()]+(?:\([^()]*\))?,|time\.(?:After|Sleep|NewTimer|NewTicker|Tick|AfterFunc)\(|Timeout:)\s*(\d+)\s*[),]`

// bareDurations returns, for each of lines that gives a duration as a bare
// integer, that integer.
func bareDurations(lines []sourceLine) (out []string) {
	for _, l := range lines {
		text := l.Text
		if i := strings.Index(text, "//"); i >= 0 {
			text = text[:i]
		}
		if m := compiled(bareDuration).FindStringSubmatch(text + ","); m != nil && m[1] != "0" {
			out = append(out, m[1])
		}
	}
	return out
}
