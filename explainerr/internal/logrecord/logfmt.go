package logrecord

import "strings"

// parseLogfmt reads key=value pairs separated by spaces, values bare or
// double-quoted with backslash escapes. It reports false unless the whole
// line is such pairs, at least two, one of them a level or a message key.
func parseLogfmt(line string) (map[string]string, bool) {
	out, ok := parsePairs(line)
	if !ok || len(out) < 2 {
		return nil, false
	}
	for _, k := range append(append([]string{}, levelKeys...), messageKeys...) {
		if _, ok := out[k]; ok {
			return out, true
		}
	}
	return nil, false
}

// parsePairs reads a line made only of key=value pairs, as parseLogfmt
// describes them; it reports false for any other text.
func parsePairs(line string) (map[string]string, bool) {
	out := map[string]string{}
	i := 0
	for i < len(line) {
		for i < len(line) && line[i] == ' ' {
			i++
		}
		if i == len(line) {
			break
		}
		start := i
		for i < len(line) && line[i] != '=' && line[i] != ' ' && line[i] != '"' {
			i++
		}
		if i == start || i == len(line) || line[i] != '=' {
			return nil, false
		}
		key := line[start:i]
		i++ // the '='
		var val string
		if i < len(line) && line[i] == '"' {
			var b strings.Builder
			i++
			closed := false
			for i < len(line) {
				c := line[i]
				if c == '\\' && i+1 < len(line) {
					switch line[i+1] {
					case 'n':
						b.WriteByte('\n')
					case 't':
						b.WriteByte('\t')
					case 'r':
						b.WriteByte('\r')
					default:
						b.WriteByte(line[i+1])
					}
					i += 2
					continue
				}
				if c == '"' {
					closed = true
					i++
					break
				}
				b.WriteByte(c)
				i++
			}
			if !closed {
				return nil, false
			}
			val = b.String()
		} else {
			s := i
			for i < len(line) && line[i] != ' ' {
				i++
			}
			val = line[s:i]
		}
		out[key] = val
	}
	return out, true
}
