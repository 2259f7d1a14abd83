package redact

import (
	"regexp"
	"strings"
)

// awsKeyID and namedKeyID find the public half of a key pair: an
// AWS-style access key id (AKIA…, ASIA…), or a value given to a name of a
// key id ("key_id=…", "AccessKeyId: …", "client_id …", "app_id=…").
var (
	awsKeyID   = regexp.MustCompile(`\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|ANPA|ANVA|APKA)[A-Z0-9]{16}\b`)
	namedKeyID = regexp.MustCompile(`(?i)\b(?:access[_\-. ]?key[_\-. ]?id|key[_\-. ]?id|client[_\-. ]?id|app[_\-. ]?id|application[_\-. ]?id|consumer[_\-. ]?key|account[_\-. ]?id|api[_\-. ]?id)["']?[ \t]*[:=]?[ \t]*["']?[A-Za-z0-9_\-.]{6,}`)
)

// awsKeyPrefixes are the prefixes of AWS key ids, which awsKeyID finds.
var awsKeyPrefixes = []string{"A3T", "AKIA", "ASIA", "ABIA", "ACCA", "AGPA", "AIDA", "AROA", "ANPA", "ANVA", "APKA"}

// keyIDWords are the words one of which a name namedKeyID finds holds,
// with "id" or "key": a cheap test before the expression.
var keyIDWords = []string{"access", "client", "app", "account", "api", "consumer", "key"}

// findKeyIDs returns where the key ids of line end, in order.
func findKeyIDs(line string) [][]int {
	var ids [][]int
	aws, id := false, false
	for i := 0; i+1 < len(line); i++ {
		switch c := line[i]; c {
		case 'A':
			if !aws {
				for _, p := range awsKeyPrefixes {
					if strings.HasPrefix(line[i:], p) {
						aws = true
						break
					}
				}
			}
		case 'i', 'I':
			id = id || line[i+1]|0x20 == 'd'
		case 'y', 'Y':
			id = id || i >= 2 && line[i-1]|0x20 == 'e' && line[i-2]|0x20 == 'k' // "key" of consumer_key
		}
	}
	if aws {
		ids = awsKeyID.FindAllStringIndex(line, -1)
	}
	if id {
		for _, w := range keyIDWords {
			if containsFold(line, w) {
				ids = append(ids, namedKeyID.FindAllStringIndex(line, -1)...)
				break
			}
		}
	}
	return ids
}

// maxPairGap is how far after its key id the secret half of a pair may
// start.
const maxPairGap = 120

// hideKeyPairSecrets hides the secret half of a key pair in line: the
// first token after a key id that looks random (a 40-character AWS secret
// key after AKIA…, the value after key_id=…), though no sensitive name
// stands beside it.
func hideKeyPairSecrets(line string, spans []tokenSpan) string {
	if !hasSpanAfter(spans, 0) {
		return line
	}
	ids := findKeyIDs(line)
	if ids == nil {
		return line
	}
	var hide []tokenSpan
	for _, id := range ids {
		for _, sp := range tokenSpans(line[id[1]:], minRandomLen) {
			if sp.i > maxPairGap {
				break
			}
			v := tokenValue(line[id[1]+sp.i : id[1]+sp.j])
			if v == "" || !isPairSecret(v) {
				continue
			}
			hide = append(hide, tokenSpan{id[1] + sp.i, id[1] + sp.i + len(v)})
			break
		}
	}
	var kept []tokenSpan
	last := -1
	for _, sp := range sortSpans(hide) {
		if sp.i >= last {
			kept = append(kept, sp)
			last = sp.j
		}
	}
	return replaceSpans(line, kept)
}

// hasSpanAfter reports whether one of spans starts at i or later.
func hasSpanAfter(spans []tokenSpan, i int) bool {
	return len(spans) > 0 && spans[len(spans)-1].i >= i
}

// isPairSecret reports whether v, the token after a key id, is its secret
// half: random-looking, or a long run of hex or of base64 bytes that is
// no word, identifier or path.
func isPairSecret(v string) bool {
	if isRandomToken(v) {
		return true
	}
	if isUUID(v) || isPathLike(v) || strings.Contains(v, "..") {
		return false
	}
	if len(v) >= 32 && isHex(v) {
		return true
	}
	return len(v) >= 30 && averageWordLen(v) <= 3.5 && shannon(v) >= 4
}
