// Package redact hides secrets before anything is shown or sent: values of
// sensitive names (headers, cookies, query and form fields, environment
// variables), bearer tokens, passwords in DSNs and URLs, private keys, API
// keys that look like one, and the values of the process's own sensitive
// environment variables wherever they appear in text.
package redact

import (
	"os"
	"regexp"
	"sort"
	"strings"
	"sync"
)

// Mask replaces every hidden value.
const Mask = "[REDACTED]"

// sensitiveName matches names whose values are secrets.
var sensitiveName = regexp.MustCompile(`(?i)API|TOKEN|KEY|SECRET|PASS|SIGNATURE|AUTH|COOKIE|SESSION|CREDENTIAL|PRIVATE|DSN`)

// IsSensitiveName reports whether a header, field, cookie or variable called
// name holds a secret.
func IsSensitiveName(name string) bool { return sensitiveName.MatchString(name) }

// sensitiveStem is the part of a name that marks its value as secret.
const sensitiveStem = `(?:api|token|key|secret|pass|pwd|signature|auth|cookie|session|credential)`

// Patterns applied to free text, in order.
var textPatterns = []struct {
	re   *regexp.Regexp
	repl string
	// keep, when set, is asked about the value (the second group) of each
	// match; a match it keeps is left as it is.
	keep func(value string) bool
}{
	// PEM private keys, whole.
	{regexp.MustCompile(`-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)`), Mask, nil},
	// Authorization schemes. The credential runs to the next space or
	// delimiter: "Basic password=..." must not leave the value behind.
	{regexp.MustCompile(`(?i)\b(bearer|basic|token)\s+[A-Za-z0-9\-._~+/]{8,}[^\s"'<>,;]*`), "$1 " + Mask, nil},
	// user:password@ in URLs and DSNs.
	{regexp.MustCompile(`([a-zA-Z][a-zA-Z0-9+.\-]*://[^:/@\s"']*):[^@/\s"']+@`), "$1:" + Mask + "@", nil},
	// Go MySQL-style DSN: user:password@tcp(...)
	{regexp.MustCompile(`\b([A-Za-z0-9_.\-]+):[^@:/\s"']+@(tcp|unix|udp)\(`), "$1:" + Mask + "@$2(", nil},
	// A quoted literal given to a sensitive name: `apiKey = "..."`,
	// `"password": "..."`, `Token: "..."`. Code such as
	// `password := r.FormValue("password")` is left alone.
	{regexp.MustCompile(`(?i)(["']?[A-Za-z0-9_.\-]*` + sensitiveStem + `[A-Za-z0-9_.\-]*["']?\s*(?::=|=|:)\s*)("[^"\n]+"|'[^'\n]+'|` + "`[^`]+`" + `)`), "$1\"" + Mask + "\"", nil},
	// key=value with no spaces, as in DSNs, query strings and environments.
	// Setting words are kept: html/template's "missingkey=error" is no
	// secret, and hiding it would hide the cause of a failure.
	{regexp.MustCompile(`(?i)\b([A-Za-z0-9_.\-]*` + sensitiveStem + `[A-Za-z0-9_.\-]*=)([^\s&;,'"}\)]+)`), "$1" + Mask, isSettingWord},
	// Well-known token shapes.
	{regexp.MustCompile(`\b(sk-[A-Za-z0-9_\-]{16,}|sk-proj-[A-Za-z0-9_\-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|xox[abposr]-[A-Za-z0-9\-]{10,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_\-]{30,}|eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,})`), Mask, nil},
}

// settingWords are values that configure something and are never secrets.
var settingWords = map[string]bool{
	"error": true, "zero": true, "default": true, "invalid": true, "true": true, "false": true,
	"none": true, "null": true, "nil": true, "on": true, "off": true, "yes": true, "no": true,
	"required": true, "optional": true, "disable": true, "disabled": true, "enable": true, "enabled": true,
}

// isSettingWord reports whether value is a setting such as "error" or "off".
func isSettingWord(value string) bool { return settingWords[strings.ToLower(value)] }

// String hides secrets in free text: tokens, DSN and URL passwords, private
// keys, sensitive key=value pairs, and the values of sensitive environment
// variables of this process.
func String(s string) string {
	if s == "" {
		return s
	}
	if mayHoldSecret(s) {
		for _, p := range textPatterns {
			if p.keep == nil {
				s = p.re.ReplaceAllString(s, p.repl)
				continue
			}
			s = p.re.ReplaceAllStringFunc(s, func(m string) string {
				if sub := p.re.FindStringSubmatch(m); len(sub) > 2 && p.keep(sub[2]) {
					return m
				}
				return p.re.ReplaceAllString(m, p.repl)
			})
		}
	}
	for _, v := range envSecrets() {
		if strings.Contains(s, v) {
			s = strings.ReplaceAll(s, v, Mask)
		}
	}
	return s
}

// Value returns Mask when name is sensitive, else value with secrets in its
// text hidden.
func Value(name, value string) string {
	if IsSensitiveName(name) && value != "" {
		return Mask
	}
	return String(value)
}

// Values redacts a multi-valued map (query, form) into a new map.
func Values(m map[string][]string) map[string][]string {
	if len(m) == 0 {
		return nil
	}
	out := make(map[string][]string, len(m))
	for k, vs := range m {
		rv := make([]string, len(vs))
		for i, v := range vs {
			rv[i] = Value(k, v)
		}
		out[k] = rv
	}
	return out
}

var (
	envOnce sync.Once
	envVals []string
)

// envSecrets returns the values of this process's environment variables
// whose names are sensitive, longest first; values shorter than 6 bytes are
// ignored (they would match everywhere).
func envSecrets() []string {
	envOnce.Do(func() { envVals = SensitiveEnvValues(os.Environ()) })
	return envVals
}

// SensitiveEnvValues returns the values in environ ("NAME=value" entries)
// whose names are sensitive, longest first, skipping values under 6 bytes.
func SensitiveEnvValues(environ []string) []string {
	var vals []string
	for _, kv := range environ {
		k, v, ok := strings.Cut(kv, "=")
		if ok && len(v) >= 6 && IsSensitiveName(k) {
			vals = append(vals, v)
		}
	}
	sort.Slice(vals, func(i, j int) bool { return len(vals[i]) > len(vals[j]) })
	return vals
}
