package checker

import (
	"regexp"
	"strings"
)

var (
	// proseSelectorRe is a dotted name: "ts.store.ListTasks",
	// "http.StatusNotFound"; proseTokenOK decides whether it stands alone
	// in the prose (not part of a path, an address or a call).
	proseSelectorRe = regexp.MustCompile(`[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+`)
	// proseWordRe is a word.
	proseWordRe = regexp.MustCompile(`[A-Za-z_]\w*`)
)

// proseTokenOK reports whether prose[a:b] is a token of its own: after the
// start, a space or an opening mark, and before the end, a space, a
// closing mark or a full stop that ends the sentence. The marks are not
// consumed, so that two tokens may share the space between them.
func proseTokenOK(prose string, a, b int) bool {
	if a > 0 && !strings.ContainsRune(" \t\n([,;\"'", rune(prose[a-1])) {
		return false
	}
	if b == len(prose) || strings.ContainsRune(" \t\n)],;:!?\"'", rune(prose[b])) {
		return true
	}
	return prose[b] == '.' && (b+1 == len(prose) || strings.ContainsRune(" \t\n", rune(prose[b+1])))
}

// kindThenNameRe and nameThenKindRe are a plain word that a kind of
// declaration names: "the method Do", "function New", "type Group";
// "the Do method", "the Chain type". English words qualify too ("the
// Then method"); the checker keeps the claim only when the module
// declares the word.
var (
	kindThenNameRe = regexp.MustCompile(`\b(?:method|function|func|type|struct|interface),?\s+([A-Za-z_]\w*)\b`)
	nameThenKindRe = regexp.MustCompile(`\b([A-Za-z_]\w*)\s+(?:method|function|type|struct|interface)\b`)
)

// notNames are words of prose spelled like Go identifiers that name
// products, not code.
var notNames = map[string]bool{
	"GitHub": true, "GitLab": true, "JavaScript": true, "TypeScript": true, "PostgreSQL": true,
	"MySQL": true, "SQLite": true, "MongoDB": true, "OpenAI": true, "YouTube": true,
	"LinkedIn": true, "WordPress": true, "PayPal": true, "DevOps": true, "iOS": true,
	"macOS": true, "iPhone": true, "iPad": true, "DynamoDB": true, "GraphQL": true,
	"WebSocket": true, "WebSockets": true, "OAuth": true, "JSONPath": true, "VSCode": true,
	"GoLand": true, "NoSQL": true, "PhD": true, "McDonald": true, "eBay": true,
}

// notSelectorTails end dotted prose that is a host or a file, not code:
// "example.com", "config.yaml".
var notSelectorTails = map[string]bool{
	"com": true, "org": true, "net": true, "io": true, "dev": true, "md": true, "txt": true,
	"json": true, "yaml": true, "yml": true, "toml": true, "js": true, "css": true, "g": true, "e": true,
}

// proseNames returns the names written in plain prose, outside code spans,
// file names and calls: dotted names ("ts.store.ListTasks") and words
// shaped like Go identifiers rather than English ("createTaskHandler",
// "ErrNotFound": a capital letter after a lower-case one). A dotted name
// is only a claim when its first name is known to the module (the checker
// drops it otherwise: "e.g." or a host name is not code); a word the
// text's own code blocks declare is not claimed from its prose.
func proseNames(prose, code string, covered []bool) []Claim {
	var out []Claim
	taken := make([]bool, len(prose))
	for _, loc := range proseSelectorRe.FindAllStringIndex(prose, -1) {
		a, b := loc[0], loc[1]
		if !proseTokenOK(prose, a, b) {
			continue
		}
		name := prose[a:b]
		parts := strings.Split(name, ".")
		if covered[a] || notSelectorTails[strings.ToLower(parts[len(parts)-1])] || containsIdent(code, parts[0]) {
			continue
		}
		for i := a; i < b; i++ {
			taken[i] = true
		}
		c := Claim{Text: name, Kind: KindSelector, start: a, end: b, fromProse: true}
		c.Proposed = proposeRe.MatchString(prose[max(0, a-40):a])
		out = append(out, c)
	}
	for _, re := range []*regexp.Regexp{kindThenNameRe, nameThenKindRe} {
		for _, loc := range re.FindAllStringSubmatchIndex(prose, -1) {
			a, b := loc[2], loc[3]
			word := prose[a:b]
			if covered[a] || taken[a] || identifierShaped(word) || notNames[word] || containsIdent(code, word) || !proseTokenOK(prose, a, b) {
				continue
			}
			taken[a] = true
			out = append(out, Claim{Text: word, Kind: KindIdentifier, start: a, end: b, fromProse: true, kinded: true})
		}
	}
	for _, loc := range proseWordRe.FindAllStringIndex(prose, -1) {
		a, b := loc[0], loc[1]
		if !proseTokenOK(prose, a, b) {
			continue
		}
		word := prose[a:b]
		if covered[a] || taken[a] || !identifierShaped(word) || notNames[word] || containsIdent(code, word) || exampleNameRe.MatchString(prose[max(0, a-40):a]) {
			continue
		}
		c := Claim{Text: word, Kind: KindIdentifier, start: a, end: b, fromProse: true}
		c.Proposed = proposeRe.MatchString(prose[max(0, a-40):a])
		out = append(out, c)
	}
	return out
}

// exampleNameRe ends the prose before a name made up as an example: "a
// field named DatabaseURL", "an env var called AppPort" (an indefinite
// article: any such thing, not one of the module's).
var exampleNameRe = regexp.MustCompile(`(?i)\ban?\s+(?:\w+\s+){1,2}(?:named|called)\s+$`)

// identifierShaped reports whether a word has a capital letter right after
// a lower-case one ("getTask", "TaskStore", "ErrNotFound"), which English
// words do not.
func identifierShaped(word string) bool {
	for i := 1; i < len(word); i++ {
		if word[i] >= 'A' && word[i] <= 'Z' && word[i-1] >= 'a' && word[i-1] <= 'z' {
			return true
		}
	}
	return false
}
