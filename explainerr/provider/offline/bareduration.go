package offline

import (
	"go/ast"
	"go/token"
	"strings"
)

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

// namedDuration matches a deadline given by a name ("activityTimeout",
// "cfg.Timeout" is left alone), and captures the name.
const namedDuration = `\b(?:context\.WithTimeout\([^,()]+(?:\([^()]*\))?,|time\.(?:After|Sleep|NewTimer|NewTicker|Tick|AfterFunc)\()\s*([A-Za-z_]\w*)\s*[),]`

// durationConstants returns, for each of lines that gives a duration by
// the name of a package-level constant or variable of the module, the
// line that declares its value ("const activityTimeout = 2 * time.Millisecond"):
// the deadline's actual length, which the cited line does not show.
func (s *appSource) durationConstants(lines []sourceLine) (out []sourceLine) {
	seen := map[string]bool{}
	for _, l := range lines {
		m := compiled(namedDuration).FindStringSubmatch(l.Text + ",")
		if m == nil || seen[m[1]] {
			continue
		}
		seen[m[1]] = true
		if decl, ok := s.packageValue(m[1]); ok {
			out = append(out, decl)
		}
	}
	return out
}

// packageValue returns the line that gives the package-level constant or
// variable name its value, when one file of the module declares one.
func (s *appSource) packageValue(name string) (sourceLine, bool) {
	var found []sourceLine
	for _, f := range s.files {
		for _, d := range f.syntax().Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST && gd.Tok != token.VAR {
				continue
			}
			for _, sp := range gd.Specs {
				vs, ok := sp.(*ast.ValueSpec)
				if !ok || len(vs.Values) == 0 {
					continue
				}
				for _, id := range vs.Names {
					if id.Name != name {
						continue
					}
					line := s.fset.Position(vs.Pos()).Line
					if line >= 1 && line <= len(f.text()) {
						found = append(found, sourceLine{Path: f.path, Line: line, Text: strings.TrimSpace(f.text()[line-1])})
					}
				}
			}
		}
	}
	if len(found) != 1 {
		return sourceLine{}, false
	}
	return found[0], true
}
