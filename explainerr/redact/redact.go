// Package redact hides secrets before anything is shown, logged, cached or
// sent: values of sensitive names (headers, cookies, query and form fields,
// environment variables, struct fields, assignments in source and config
// text), authorization credentials, passwords in URLs, DSNs and
// authorities, private keys, API tokens by their provider's format (a
// hand-made list, tokens.go, and a table generated from gitleaks' rules,
// providers.txt), secrets in URL paths, secrets only their context gives
// away (the secret half of a key pair, a command's credential argument, a
// random-looking token given as a value: contextual.go), and the values
// of the process's own sensitive or random-looking environment variables
// wherever they appear, also in their encodings. A Cookie header keeps its
// cookies' names and hides only the values that are secret by their name
// or by their look (Header).
//
// Seal is the one redaction boundary of a failure report: it redacts every
// text of a report.Report and returns a Sealed, the only form in which a
// report reaches a provider, a page, the log, the cache or the history;
// what is added to it later passes through Sealed.Amend. The other
// functions serve what is made before the seal (a request's fields masked
// by their names) or text that is not a report's.
//
// String works on whole texts: a private key is hidden from its BEGIN line
// to its END line even when they are lines apart, so a source window or a
// chunk of source should be redacted as one text, not line by line. All
// other rules work within a line, and each runs only on the lines that
// hold one of its literal anchors, so that text with no secret costs a few
// substring searches.
package redact

import (
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// Mask replaces every hidden value.
const Mask = "[REDACTED]"

// String hides the secrets in s, a text of any number of lines, and
// returns it with the same number of lines.
func String(s string) string {
	if s == "" {
		return s
	}
	env := envSecretsRef()
	if out, ok := results.get(s, env); ok {
		return out
	}
	out := redactWith(s, *env)
	results.put(s, out, env)
	return out
}

// redactWith is String with env as the environment's secrets: its result
// depends on s and env alone, which is what lets results remember it.
func redactWith(s string, env []string) string {
	out := once(s, env)
	// A rule's change can make an earlier rule match (a path segment
	// hidden, a query after it becomes visible): apply the rules again
	// until nothing changes, so that redacting twice changes nothing. The
	// rules work within lines, so only the lines that changed can change
	// again.
	for range maxPasses - 1 {
		if out == s {
			break
		}
		before, after := strings.Split(s, "\n"), strings.Split(out, "\n")
		if len(before) != len(after) {
			s, out = out, once(out, env)
			continue
		}
		var changed []int
		for i := range after {
			if after[i] != before[i] {
				changed = append(changed, i)
			}
		}
		sub := make([]string, len(changed))
		for j, i := range changed {
			sub[j] = after[i]
		}
		again := strings.Split(once(strings.Join(sub, "\n"), env), "\n")
		if len(again) != len(sub) {
			s, out = out, once(out, env)
			continue
		}
		for j, i := range changed {
			after[i] = again[j]
		}
		s, out = out, strings.Join(after, "\n")
	}
	return out
}

// once applies every rule to s once, env being the environment's secrets.
func once(s string, env []string) string {
	t := newText(hideProviderTokens(hideByContext(hideBlocks(hidePrivateKeys(s)))))
	for k := range textRules {
		t.run(k)
	}
	out := t.s
	t.free()
	return replaceAll(out, env)
}

// maxPasses bounds how many times String applies its rules.
const maxPasses = 4

// Lines redacts lines as one text (so that a private key spread over them
// is hidden whole) and returns the redacted lines, as many as were given.
func Lines(lines []string) []string {
	out := strings.Split(String(strings.Join(lines, "\n")), "\n")
	if len(out) != len(lines) {
		// Only a line holding a line break of its own can change the
		// count; redact such lines one by one.
		out = make([]string, len(lines))
		for i, l := range lines {
			out[i] = String(l)
		}
	}
	return out
}

// Value returns Mask when name is sensitive, else value with the secrets in
// its text hidden.
func Value(name, value string) string {
	if IsSensitiveName(name) && value != "" {
		return Mask
	}
	return String(value)
}

// Values redacts a multi-valued map of query or form fields into a new
// map: the values of sensitive names (and of "code", an OAuth code) are
// hidden, secrets in the other values and in the names too (a JSON body
// sent as a form, as curl -d does, is one name).
func Values(m map[string][]string) map[string][]string {
	if len(m) == 0 {
		return nil
	}
	out := make(map[string][]string, len(m))
	for k, vs := range m {
		hide := isSensitiveQueryName(k)
		rv := make([]string, len(vs))
		for i, v := range vs {
			if hide && v != "" || isRandomValue(k, v) {
				rv[i] = Mask
			} else {
				rv[i] = String(v)
			}
		}
		out[String(k)] = rv
	}
	return out
}

// envVals holds the values of this process's sensitive environment
// variables, in their encodings, as ReadEnvironment last read them.
var envVals atomic.Pointer[[]string]

// envRead is the environment ReadEnvironment last judged, so that an
// environment that did not change is not judged again.
var envRead struct {
	sync.Mutex
	environ []string
}

// ReadEnvironment reads this process's environment again, so that a
// sensitive variable set or changed while the program runs is hidden from
// then on. Call it when a report is made; String reads the environment
// itself the first time it runs.
func ReadEnvironment() {
	environ := os.Environ()
	envRead.Lock()
	defer envRead.Unlock()
	if envVals.Load() != nil && slices.Equal(environ, envRead.environ) {
		return
	}
	vals := withEncodings(SensitiveEnvValues(environ))
	envVals.Store(&vals)
	envRead.environ = environ
}

// envSecretsRef returns the values of this process's environment
// variables whose names are sensitive, and their encodings, longest
// first (values shorter than 6 bytes are ignored: they would match
// everywhere), as ReadEnvironment stored them: a new pointer each time
// they change.
func envSecretsRef() *[]string {
	p := envVals.Load()
	if p == nil {
		ReadEnvironment()
		p = envVals.Load()
	}
	return p
}

// workingDirVars are the shell's working directories, whose names hold the
// word PWD but whose values are paths.
var workingDirVars = map[string]bool{"PWD": true, "OLDPWD": true}

// LooksRandom reports whether value, given to name (a field, a parameter,
// a variable), is a secret by its look though the name is not sensitive:
// a random-looking token of 16 bytes or more, or long hex the name does
// not call a hash. UUIDs, identifiers, paths and words are not.
func LooksRandom(name, value string) bool { return isRandomValue(name, value) }

// isRandomValue is LooksRandom.
func isRandomValue(name, v string) bool {
	return len(v) >= minRandomLen && isValueSecret(name+"="+v, len(name)+1, v)
}

// SensitiveEnvValues returns the values in environ ("NAME=value" entries)
// whose names are sensitive or which look random (isRandomValue), longest
// first, skipping values under 6 bytes and the working directories (PWD,
// OLDPWD).
func SensitiveEnvValues(environ []string) []string {
	var vals []string
	for _, kv := range environ {
		k, v, ok := strings.Cut(kv, "=")
		if ok && len(v) >= 6 && (IsSensitiveName(k) || isRandomValue(k, v)) && !workingDirVars[k] {
			vals = append(vals, v)
		}
	}
	sort.Slice(vals, func(i, j int) bool { return len(vals[i]) > len(vals[j]) })
	return vals
}
