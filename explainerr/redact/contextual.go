package redact

import "strings"

// hideByContext hides, line by line, the secrets that neither a name nor a
// provider's format marks, by where they stand: a command's credential
// argument (commandline.go), the password of an authority without a
// scheme (authority.go), the secret half of a key pair after its key id
// (keypair.go), and a random-looking token given as a value: a string
// literal, an assignment's or a field's value, a word of a comment
// (valueToken). It runs before the other rules, which would hide a key
// id and so hide the context that marks its secret.
func hideByContext(s string) string { return mapLines(s, hideLineByContext) }

// mapLines returns s with each of its lines replaced by what f gives for
// it; s itself, with no copy, when f changes no line.
func mapLines(s string, f func(line string) string) string {
	var b strings.Builder
	changed := false
	for start := 0; start <= len(s); {
		end := strings.IndexByte(s[start:], '\n')
		if end < 0 {
			end = len(s)
		} else {
			end += start
		}
		line := s[start:end]
		out := f(line)
		if out != line && !changed {
			changed = true
			b.Grow(len(s))
			b.WriteString(s[:start])
		}
		if changed {
			b.WriteString(out)
			if end < len(s) {
				b.WriteByte('\n')
			}
		}
		start = end + 1
	}
	if !changed {
		return s
	}
	return b.String()
}

// hideLineByContext applies the context rules to one line.
func hideLineByContext(line string) string {
	if len(line) < 3 {
		return line
	}
	if strings.Contains(line, " -") || strings.Contains(line, `"-`) {
		line = hideCommandCredentials(line)
	}
	if mayHoldAuthority(line) {
		line = hideAuthorityPasswords(line)
	}
	spans := tokenSpans(line, minRandomLen)
	if len(spans) == 0 {
		return line
	}
	if out := hideKeyPairSecrets(line, spans); out != line {
		line, spans = out, tokenSpans(out, minRandomLen)
	}
	return hideValueTokens(line, spans)
}

// isAssignmentSign reports whether line[j] is an "=" that gives a value
// rather than pads one.
func isAssignmentSign(line string, j int) bool {
	if line[j] != '=' {
		return false
	}
	k := j
	for k < len(line) && line[k] == '=' {
		k++
	}
	return k < len(line) && isTokenByte(line[k])
}

// tokenSpan is a run of token bytes in a line, from i to j.
type tokenSpan struct{ i, j int }

// tokenSpans returns the runs of token bytes in line at least minLen
// long. An "=" ends a run unless it is padding (only "=" or no token byte
// follows it): "X=…" and "a=…&b=…" are names and values.
func tokenSpans(line string, minLen int) []tokenSpan {
	var out []tokenSpan
	for i := 0; i < len(line); {
		if !isTokenByte(line[i]) || line[i] == '=' {
			i++
			continue
		}
		j := i
		for j < len(line) && isTokenByte(line[j]) && !isAssignmentSign(line, j) {
			j++
		}
		if j-i >= minLen {
			out = append(out, tokenSpan{i, j})
		}
		i = j
	}
	return out
}

// replaceSpans returns line with each span replaced by Mask; spans are in
// order and do not overlap.
func replaceSpans(line string, spans []tokenSpan) string {
	if len(spans) == 0 {
		return line
	}
	var b strings.Builder
	last := 0
	for _, sp := range spans {
		b.WriteString(line[last:sp.i])
		b.WriteString(Mask)
		last = sp.j
	}
	b.WriteString(line[last:])
	return b.String()
}

// hideValueTokens hides the random-looking tokens among spans, the token
// runs of line (tokenSpans), that stand as a
// value: the whole of a quoted literal (x := "…", Field: "…", a
// positional literal {"host", "…"}, an argument), the value of an
// assignment, a field or a query parameter (X=…, x: …, ?q=…), or a word
// in a comment.
func hideValueTokens(line string, spans []tokenSpan) string {
	comment := commentStart(line)
	var hide []tokenSpan
	for _, sp := range spans {
		v := tokenValue(line[sp.i:sp.j])
		if v == "" {
			continue
		}
		sp.j = sp.i + len(v)
		inContext := comment >= 0 && sp.i >= comment || isQuotedWhole(line, sp) || isAssigned(line, sp.i)
		if inContext && isValueSecret(line, sp.i, v) {
			hide = append(hide, sp)
		}
	}
	return replaceSpans(line, hide)
}

// tokenValue is the value a token run stands for (trimTokenEnds), but a
// random token that starts with "-" is no flag ("-000AX2708B1191C") and
// is kept whole.
func tokenValue(raw string) string {
	v := trimTokenEnds(raw)
	if whole := strings.TrimRight(raw, ".-"); v == "" && strings.HasPrefix(whole, "-") && isRandomToken(whole) {
		return whole
	}
	return v
}

// trimTokenEnds drops the bytes that end a sentence or a field, not a
// token: a final "." or "-", and leading "-" or ".".
func trimTokenEnds(v string) string {
	end := len(v)
	for end > 0 && (v[end-1] == '.' || v[end-1] == '-') {
		end--
	}
	v = v[:end]
	if v != "" && (v[0] == '-' || v[0] == '.') {
		return "" // a flag or a file extension
	}
	return v
}

// isValueSecret reports whether v, a value at i in line, is a secret by
// its look: a random-looking token that no hash label ("h1:", "sha256:")
// introduces, or a long hex string (an API key, a signing secret) on a
// line that does not say it is a hash.
func isValueSecret(line string, i int, v string) bool {
	if hasHashLabel(line[:i]) {
		return false
	}
	for _, l := range []string{"sha256-", "sha384-", "sha512-"} {
		if len(v) > len(l) && strings.EqualFold(v[:len(l)], l) {
			return false // a subresource integrity hash
		}
	}
	if isRandomToken(v) {
		return true
	}
	return len(v) >= 32 && isHex(v) && strings.Trim(v, "0123456789") != "" && strings.Trim(v, "abcdefABCDEF") != "" && !saysHash(line)
}

// hashWords say that a hex string on their line is a hash, a commit or an
// object id, not a secret.
var hashWords = []string{"sha", "hash", "commit", "digest", "checksum", "sum", "fingerprint", "etag", "md5", "rev", "object", "oid", "blob", "tree", "parent", "h1:", "git", "build", "uuid", "trace", "span"}

// hashLabels introduce a hash in the form algorithm:value.
var hashLabels = []string{"h1:", "sha1:", "sha256:", "sha384:", "sha512:", "md5:", "sha256-", "sha384-", "sha512-", "blake2b:", "blake3:"}

// hasHashLabel reports whether before, the text before a token, ends with
// a hash label.
func hasHashLabel(before string) bool {
	for _, l := range hashLabels {
		if len(before) >= len(l) && strings.EqualFold(before[len(before)-len(l):], l) {
			return true
		}
	}
	return false
}

// saysHash reports whether line holds a word saying its hex is a hash.
func saysHash(line string) bool {
	for _, w := range hashWords {
		if containsFold(line, w) {
			return true
		}
	}
	return false
}

// commentStart returns where a comment starts in line ("//", "/*", a
// leading "#" or "*", or " #"), or -1.
func commentStart(line string) int {
	trimmed := strings.TrimLeft(line, " \t")
	if strings.HasPrefix(trimmed, "#") || strings.HasPrefix(trimmed, "* ") || strings.HasPrefix(trimmed, "//") || strings.HasPrefix(trimmed, "/*") {
		return len(line) - len(trimmed)
	}
	for _, marker := range []string{" //", "\t//", " /*", " # "} {
		if i := strings.Index(line, marker); i >= 0 && !insideQuotes(line, i) {
			return i + 1
		}
	}
	return -1
}

// insideQuotes reports whether position i of line is inside a double- or
// back-quoted literal that opens before it.
func insideQuotes(line string, i int) bool {
	return strings.Count(line[:i], `"`)%2 == 1 || strings.Count(line[:i], "`")%2 == 1
}

// isQuotedWhole reports whether the span is the whole content of a quoted
// literal.
func isQuotedWhole(line string, sp tokenSpan) bool {
	if sp.i == 0 || sp.j >= len(line) {
		return false
	}
	q := line[sp.i-1]
	return (q == '"' || q == '\'' || q == '`') && line[sp.j] == q
}

// isAssigned reports whether the token at i is given as a value: after
// "=", ":" or ":=" (and blanks), but not after "://" or a drive letter.
func isAssigned(line string, i int) bool {
	j := i
	for j > 0 && (line[j-1] == ' ' || line[j-1] == '\t') {
		j--
	}
	if j == 0 {
		return false
	}
	switch line[j-1] {
	case '=':
		return true
	case ':':
		// "host:port", "file.go:12" and "pkg:Name" join two words
		// without a blank; a value follows a blank or stands alone
		// after a name.
		return j < i || j >= 2 && isNameChar(line[j-2])
	}
	return false
}
