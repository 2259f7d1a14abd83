package redact

import (
	"regexp"
	"strings"
)

// nameExpr matches a name a value may be given to: a variable, a field, a
// header, a query or form field, an environment variable.
const nameExpr = `[A-Za-z_][A-Za-z0-9_.\-]*`

// nameStems are the lower-case stems one of which every sensitive name
// holds: the anchors of the rules that hide values by their name.
var nameStems = []string{"api", "token", "key", "secret", "pass", "pw", "pin", "sig", "auth", "cookie", "session", "sessid", "credential", "private", "bearer", "jwt", "csrf", "xsrf", "otp", "senha", "contrasena", "wachtwoord"}

// textRules are the rules String applies, in order, to each line.
var textRules = append([]*rule{
	{
		// An authorization scheme and its credential, as in a header:
		// "Authorization: Bearer …", "Basic dXNl…", "token ghp_…".
		name:        "authorization credentials",
		foldAnchors: []string{"bearer", "basic", "token"},
		re:          regexp.MustCompile(`(?i)\b(bearer|basic|token)[ \t]+([A-Za-z0-9\-._~+/]{8,}=*[^\s"'<>,;]*)`),
		hide:        hideGroup(2, keepSchemeWord),
	},
	{
		name:    "URL passwords",
		anchors: []string{"://"},
		apply:   hideURLPasswords,
	},
	{
		// Go MySQL driver DSNs: user:password@tcp(host)/db.
		name:    "MySQL DSN passwords",
		anchors: []string{"@tcp", "@unix(", "@udp("},
		re:      regexp.MustCompile(`\b[A-Za-z0-9_.\-]+:([^\s"'` + "`" + `]*?)@(?:tcp6?|unix|udp)\(`),
		hide:    hideGroup(1, func(line string, m []int) bool { return m[2] == m[3] }),
	},
	{
		// A quoted literal given to a sensitive name: apiKey = "…",
		// "password": "…", Token: '…'. A name given anything but a literal
		// (password := r.FormValue("password")) is code, and kept.
		name:        "quoted values of sensitive names",
		foldAnchors: nameStems,
		apply:       hideQuotedValues,
		gate:        sensitiveNameGate,
	},
	{
		// The same in JSON whose quotes are escaped: a JSON document
		// logged as a quoted string (resp="{\"password\":\"…\"}"),
		// JSON inside a JSON string.
		name:    "escaped JSON values of sensitive names",
		anchors: []string{`\"`},
		apply:   hideEscapedValues,
		gate:    sensitiveNameGate,
	},
	{
		// Go source passing a secret by its name:
		// Header.Set("X-Api-Key", "…"), os.Setenv("API_KEY", "…").
		name:        "literals after a literal naming a secret",
		foldAnchors: nameStems,
		apply:       hideNamedArguments,
		gate:        sensitiveNameGate,
	},
	{
		// The password argument of req.SetBasicAuth(user, "…") and
		// url.UserPassword(user, "…").
		name:    "Go basic auth passwords",
		anchors: []string{"SetBasicAuth(", "UserPassword("},
		re:      regexp.MustCompile(`(?:SetBasicAuth|UserPassword)\([^,()\n]*,[ \t]*(` + goLiteral + `)`),
		hide:    hideLiteralGroup(1),
	},
	{
		// A credential joined to its scheme in Go: "Bearer " + "…".
		name:        "literals joined to an authorization scheme",
		foldAnchors: []string{"bearer", "basic", "token"},
		re:          regexp.MustCompile(`(?i)\b(?:bearer|basic|token)[ \t]+["` + "`" + `][ \t]*\+[ \t]*(` + goLiteral + `)`),
		hide:        hideLiteralGroup(1),
	},
	{
		// XML and HTML: <Password>…</Password>, <ns:ApiKey>…</ns:ApiKey>.
		name:    "elements of sensitive names",
		anchors: []string{"</"},
		re:      sensitiveElement,
		hide:    hideElement,
		gate:    sensitiveNameGate,
	},
	{
		// A name and its value as two fields:
		// {"name":"API_KEY","value":"…"}, <input type="password" value="…">.
		name:        "name and value fields",
		foldAnchors: []string{"value", "content"},
		re:          nameValuePair,
		hide:        hidePairValue(1, 2),
		gate:        sensitiveNameGate,
	},
	{
		name:        "value and name fields",
		foldAnchors: []string{"value", "content"},
		re:          valueNamePair,
		hide:        hidePairValue(2, 1),
		gate:        sensitiveNameGate,
	},
	{
		// name=value with no spaces: query strings, DSNs, logfmt,
		// environments, cookies. Settings such as "missingkey=error" are
		// kept: hiding them would hide the cause of a failure.
		name:        "name=value pairs of sensitive names",
		foldAnchors: append([]string{"code="}, nameStems...),
		re:          regexp.MustCompile(`(` + nameExpr + `)=([^\s&;,'"})<>=][^\s&;,'"})<>]*)`),
		hide:        hideGroup(2, keepPair),
		gate:        sensitiveNameOrCodeGate,
	},
	{
		// A field of a sensitive name as Go's %v and %+v print it: a map
		// of headers or form values (map[X-Api-Key:[v] password:[v]]), a
		// struct ({User:alice APIKey:v}). gofmt puts a space after the
		// colon of a field in code, so the form without one is output.
		name:        "Go-formatted fields of sensitive names",
		foldAnchors: nameStems,
		re:          regexp.MustCompile(`(?:^|[\[{ ,(])(` + nameExpr + `):(\[[^\]\n]*\]|[^\s\]}\[{:/"'` + "`" + `][^\s\]}]*)`),
		hide:        hideGroup(2, keepGoField),
		gate:        sensitiveNameGate,
	},
	{
		// A whole line giving a sensitive name a value: YAML
		// "password: x", INI "aws_secret_access_key = …", .env
		// "export API_TOKEN=…", a header "X-Api-Key: …". A tab-indented
		// line whose value is code (token = tok, Password: pw,) is Go.
		name:        "lines giving a sensitive name a value",
		foldAnchors: nameStems,
		re:          regexp.MustCompile(`^([ \t]*(?:export[ \t]+|-[ \t]+)?)(["']?)(` + nameExpr + `)(["']?)[ \t]*(?:=|:)[ \t]*([^\s="'` + "`" + `][^\n]*?)[ \t\r]*$`),
		hide:        hideGroup(5, keepLineValue),
		gate:        sensitiveNameGate,
	},
	{
		// name = value inside a line, with spaces.
		name:        "spaced values of sensitive names",
		foldAnchors: nameStems,
		re:          regexp.MustCompile(`(?:^|[ \t(\[{,])(["']?)(` + nameExpr + `)(["']?)[ \t]*=[ \t]+([^\s="'` + "`" + `][^\s,;"'` + "`" + `]*)`),
		hide:        hideGroup(4, keepInlineValue),
		gate:        sensitiveNameGate,
	},
	{
		// A long command-line flag and its value: "--password x".
		name:    "values of sensitive command-line flags",
		anchors: []string{"--"},
		re:      flagValue,
		hide:    hideGroup(2, keepFlag),
		gate:    sensitiveNameGate,
	},
	{
		// A secret an error message names: "invalid token: x",
		// `token "x" expired`; only a value that looks random.
		name:        "secrets named in messages",
		foldAnchors: []string{"token", "pass", "secret", "api", "pin"},
		re:          proseValue,
		hide:        hideGroup(2, keepProse),
		gate:        sensitiveNameGate,
	},
	{
		// A secret given with another separator: "password%3Dx",
		// ":password => 'x'", "| password | x |", "APIKEY x".
		name:        "secrets after other separators",
		foldAnchors: nameStems,
		apply:       hideSeparatedValues,
		gate:        sensitiveNameGate,
	},
	{
		name:    "MySQL client passwords",
		anchors: []string{"-p"},
		re:      mysqlPassword,
		hide:    hideGroup(1, func(line string, m []int) bool { return line[m[2]:m[3]] == Mask }),
	},
	{
		name:        "secrets in URL paths",
		foldAnchors: secretPathAnchors,
		re:          secretPath,
		hide:        hideSecretSegments,
	},
}, tokenRules...)

// The gates of the rules that judge values by their name: a line they can
// change holds a sensitive name (or, for name=value pairs, an OAuth
// "code=").
var (
	sensitiveNameGate       = &gate{pass: hasSensitiveName}
	sensitiveNameOrCodeGate = &gate{pass: hasSensitiveNameOrCode}
)

// hasSensitiveNameOrCode is the gate of the name=value rule, which also
// hides an OAuth "code=" in a URL.
func hasSensitiveNameOrCode(line string) bool {
	return hasSensitiveName(line) || containsFold(line, "code=")
}

// keepSchemeWord keeps "token validation", "basic authentication": a
// lower-case scheme word followed by a lower-case word is prose or code,
// not a credential.
func keepSchemeWord(line string, m []int) bool {
	scheme, cred := line[m[2]:m[3]], line[m[4]:m[5]]
	cred = strings.TrimRight(cred, ".:;!?")
	return cred == Mask || scheme == strings.ToLower(scheme) && (isLowerWord(strings.ReplaceAll(cred, "-", "")) || isIdent(cred) && averageWordLen(cred) > maxWordLen)
}

// quotedValue finds a quoted literal given to a name.
var quotedValue = regexp.MustCompile(`(["']?)(` + nameExpr + `)(["']?)[ \t]*(?::=|=|:)[ \t]*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|` + "`[^`\\n]*`" + `)`)

// hideQuotedValues hides the quoted literals given to sensitive names in
// line; a literal kept for another name may hold the start of the next
// pair, so the search goes on inside it.
func hideQuotedValues(line string) string {
	return rewriteOverlapping(line, quotedValue, hideQuoted, func(m []int) int { return m[8] + 1 })
}

// hideQuoted hides the literal of a match of the quoted-values rule when
// its name is sensitive.
func hideQuoted(line string, m []int) string {
	name, lit := line[m[4]:m[5]], line[m[8]:m[9]]
	// SQL compares with "=": "secret: '…'" after "or" is no comparison.
	sql := !strings.Contains(line[m[7]:m[8]], ":") && afterSQLKeyword(line, m[2])
	if !IsSensitiveName(name) || len(lit) <= 4 || isLabel(name, lit[1:len(lit)-1]) || sql || opensPair(lit, line[m[9]:]) || isProseOfNonPassword(name, lit[1:len(lit)-1]) {
		return line[m[0]:m[1]]
	}
	q := lit[:1]
	return line[m[0]:m[8]] + q + Mask + q
}

// isProseOfNonPassword reports whether v, given to name, is words with
// spaces, or code, while name names a token, a key, a session or a
// signature, which hold neither; a password or a secret may be a phrase.
func isProseOfNonPassword(name, v string) bool {
	return (strings.ContainsAny(strings.TrimSpace(v), " ()[]{}<>,") || !hasAlnum(v)) && !isPasswordName(name)
}

// hasAlnum reports whether s holds an ASCII letter or digit.
func hasAlnum(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
			return true
		}
	}
	return false
}

// isPasswordName reports whether name names a password, a passphrase, a
// PIN or a secret, whose value may be a word or a phrase; a token, a key,
// a session id or a signature is a random string.
func isPasswordName(name string) bool {
	lower := strings.ToLower(name)
	for _, w := range []string{"pass", "pw", "pin", "secret", "credential", "senha", "contrasena", "wachtwoord"} {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// pairOpener matches the end of a literal's content that gives a
// sensitive name a value: ` secret: `.
var pairOpener = regexp.MustCompile(`(?:^|[^A-Za-z0-9_.\-])(` + nameExpr + `)[ \t]*(?::=|=|:)[ \t]*$`)

// opensPair reports whether lit, a quoted literal followed by rest, only
// seems to be a value: its content ends by giving a sensitive name the
// literal its closing quote opens (A=" secret: "x"), which the search,
// going on inside lit, then hides.
func opensPair(lit, rest string) bool {
	m := pairOpener.FindStringSubmatchIndex(lit[1 : len(lit)-1])
	return m != nil && IsSensitiveName(lit[1+m[2]:1+m[3]]) && strings.Contains(rest, lit[:1])
}

// isLabel reports whether the literal v given to a sensitive name is no
// secret but a label or code: Mask itself; a sensitive word or the name
// itself (KindSignature = "signature", sessionCookie = "session"); Go
// code between two string literals (api_key=" + key + "); or, for a name
// whose only sensitive word is KEY (cacheKey, MetaKey), an identifier
// such as "schema_version".
func isLabel(name, v string) bool {
	if v == Mask || strings.EqualFold(v, name) || wordKind([]byte(strings.ToLower(v))) == sensitiveWord {
		return true
	}
	t := strings.TrimSpace(v)
	if strings.HasPrefix(t, "+") || strings.HasSuffix(t, "+") || strings.HasPrefix(t, ",") {
		return true
	}
	return onlyKeyWord(name) && (isLowerIdent(v) || isIdent(v) && averageWordLen(v) > maxWordLen || isDottedName(v))
}

// onlyKeyWord reports whether the only sensitive words of name are "key"
// and "keys".
func onlyKeyWord(name string) bool {
	lowerName := strings.ToLower(name)
	for _, w := range nameStems {
		if w != "key" && strings.Contains(lowerName, w) {
			return false
		}
	}
	return true
}

// isDottedName reports whether v is a lower-case dotted name without
// digits, as attribute and metric keys are: "service.name", "host.arch".
func isDottedName(v string) bool {
	return strings.Contains(v, ".") && !strings.HasPrefix(v, ".") && strings.Trim(v, "abcdefghijklmnopqrstuvwxyz._-") == ""
}

// isLowerIdent reports whether v is a lower-case identifier with no
// digits, such as "schema_version".
func isLowerIdent(v string) bool {
	if v == "" {
		return false
	}
	for i := 0; i < len(v); i++ {
		if c := v[i]; !('a' <= c && c <= 'z' || c == '_') {
			return false
		}
	}
	return true
}

// sqlKeywords come before a column compared with a value in SQL.
var sqlKeywords = []string{"where", "and", "or", "set", "on", "when", "having", "not"}

// afterSQLKeyword reports whether the word before position i of line is
// an SQL keyword: "WHERE key = 'app'" compares a column.
func afterSQLKeyword(line string, i int) bool {
	j := i
	for j > 0 && (line[j-1] == ' ' || line[j-1] == '\t' || line[j-1] == '(') {
		j--
	}
	k := j
	for k > 0 && ('a' <= line[k-1]|0x20 && line[k-1]|0x20 <= 'z') {
		k--
	}
	if j == i || k == j {
		return false
	}
	w := strings.ToLower(line[k:j])
	for _, kw := range sqlKeywords {
		if w == kw {
			return true
		}
	}
	return false
}

// keepPair keeps a name=value pair whose name is not sensitive, or whose
// value is a setting word. "code" is sensitive after "?" or "&" (an
// OAuth code in a URL).
func keepPair(line string, m []int) bool {
	name, value := line[m[2]:m[3]], line[m[4]:m[5]]
	if isSettingWord(value) || isFormatted(value) {
		return true
	}
	if IsSensitiveName(name) {
		return false
	}
	return !(queryWords[strings.ToLower(name)] && m[2] > 0 && (line[m[2]-1] == '?' || line[m[2]-1] == '&'))
}

// keepGoField keeps a Go-formatted field whose name is not sensitive or
// whose value is empty, nil or already hidden.
func keepGoField(line string, m []int) bool {
	name, value := line[m[2]:m[3]], line[m[4]:m[5]]
	trimmed := strings.Trim(value, ".,;\"'`")
	return !IsSensitiveName(name) || value == "[]" || value == Mask || value == "<nil>" || isSettingWord(trimmed) || isFormatted(value) ||
		!isPasswordName(name) && isLowerWord(trimmed) || isFileLocation(name, value)
}

// sourceFile matches the name of a source, template or SQL file.
var sourceFile = regexp.MustCompile(`\.(?:go|html|tmpl|gohtml|tpl|sql|js|ts|py|rb|php|java|yaml|yml|toml|json)$`)

// fileLine matches a line and column after a file's name: "25", "25:35:",
// and the punctuation that may close the place ("(a.go:25)", "a.go:25,").
var fileLine = regexp.MustCompile(`^\d+(?::\d+)?:?[)\],;.]*$`)

// isFileLocation reports whether name and value are a file's name and a
// line in it, as errors and loggers write them ("reset-password.html:25:35:",
// "secret_store.go:42"): a place, not a secret given to a name.
func isFileLocation(name, value string) bool {
	return sourceFile.MatchString(name) && fileLine.MatchString(value)
}

// isFormatted reports whether value is a format string's verb, or begins
// with one: "%s", "(%d)%v".
func isFormatted(value string) bool {
	i := strings.IndexByte(value, '%')
	return i >= 0 && i <= 1 && i+1 < len(value) && strings.IndexByte("svqdxXfgtTp+#-0123456789", value[i+1]) >= 0
}

// keepLineValue keeps a line whose name is not sensitive, whose value is a
// setting, or which is Go code: indented with a tab, with code as value.
func keepLineValue(line string, m []int) bool {
	name, value := line[m[6]:m[7]], line[m[10]:m[11]]
	if i := strings.Index(value, " //"); i > 0 && !strings.Contains(value[:i], `"`) {
		value = strings.TrimSpace(value[:i])
	}
	if !IsSensitiveName(name) || isSettingWord(value) || value == Mask || isBlockIndicator(value) {
		return true
	}
	indent := line[m[2]:m[3]]
	return strings.HasPrefix(indent, "\t") && isCode(value)
}

// isBlockIndicator reports whether value starts a YAML block scalar
// ("|", ">-"), whose lines hideBlocks hides.
func isBlockIndicator(value string) bool {
	return value != "" && (value[0] == '|' || value[0] == '>') && strings.Trim(value[1:], "-+0123456789") == ""
}

// keepInlineValue keeps a value inside a line that is code or a setting.
func keepInlineValue(line string, m []int) bool {
	name, value := line[m[4]:m[5]], line[m[8]:m[9]]
	return !IsSensitiveName(name) || isSettingWord(value) || isCode(value) || afterSQLKeyword(line, m[4])
}

// isCode reports whether an unquoted value looks like Go code rather than
// a secret: a call or composite, a value continued on the next line, or an
// identifier or selector with no digits (tok, cfg.APIKey).
func isCode(v string) bool {
	if strings.ContainsAny(v, "()[]{}") || strings.HasSuffix(v, ",") || strings.HasPrefix(v, "%") {
		return true
	}
	// An expression of identifiers: a + b.c, x * y.
	fields := strings.Fields(v)
	for i, f := range fields {
		if i%2 == 1 {
			if len(f) > 2 || strings.Trim(f, "+-*/%&|^<>=!") != "" {
				return false
			}
			continue
		}
		if !isIdent(strings.TrimLeft(f, "&*!")) {
			return false
		}
	}
	return len(fields) > 0
}

// isIdent reports whether v is an identifier or selector with no digits.
func isIdent(v string) bool {
	if v == "" {
		return false
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

func isLowerWord(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return true
}

// settingWords are values that configure something and are never secrets.
var settingWords = map[string]bool{
	"error": true, "zero": true, "default": true, "invalid": true, "true": true, "false": true,
	"none": true, "null": true, "nil": true, "on": true, "off": true, "yes": true, "no": true,
	"required": true, "optional": true, "disable": true, "disabled": true, "enable": true, "enabled": true,
	"bearer": true, "basic": true, "value": true, "ok": true,
	"int8": true, "int16": true, "int32": true, "int64": true, "uint8": true, "uint16": true, "uint32": true,
	"uint64": true, "float32": true, "float64": true, "complex64": true, "complex128": true, "uintptr": true,
}

// isSettingWord reports whether value is a setting such as "error" or "off".
func isSettingWord(value string) bool {
	return value == Mask || settingWords[strings.ToLower(value)] || isPlaceholder(value) || isSmallNumber(value)
}

// isSmallNumber reports whether value is a number of at most five digits,
// such as a limit (MaxTokens = 700), or a hex literal of at most four
// digits (0xE000): a setting, not a secret. A longer hex string under a
// secret's name is as likely a key as a constant, so it is hidden.
func isSmallNumber(value string) bool {
	value = strings.TrimPrefix(value, "-")
	if len(value) > 2 && (value[:2] == "0x" || value[:2] == "0X") && len(value) <= 6 {
		return strings.Trim(value[2:], "0123456789abcdefABCDEF_") == "" // a Go hex literal: 0xE000
	}
	return value != "" && len(value) <= 5 && strings.Trim(value, "0123456789") == ""
}

// isPlaceholder reports whether value is an SQL parameter placeholder:
// "?", "$1", ":name", "@name".
func isPlaceholder(value string) bool {
	if value == "?" {
		return true
	}
	if len(value) < 2 || value[0] != '$' && value[0] != ':' && value[0] != '@' {
		return false
	}
	for i := 1; i < len(value); i++ {
		c := value[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_') {
			return false
		}
	}
	return value[0] != '$' || strings.Trim(value[1:], "0123456789") == ""
}
