package redact

import (
	"strings"
	"testing"
)

func TestString(t *testing.T) {
	cases := []struct{ in, secret, keep string }{
		{`const mailAPIKey = "sk-live-4f9a8b7c6d5e4f3a2b1c"`, "sk-live-4f9a8b7c6d5e4f3a2b1c", "mailAPIKey"},
		{`dsn := "postgres://blog:hunter2pass@localhost:5432/blog"`, "hunter2pass", "postgres://blog:"},
		{`user:s3cretpw@tcp(127.0.0.1:3306)/db`, "s3cretpw", "@tcp("},
		{`Authorization: Bearer abcdefghijklmnop123`, "abcdefghijklmnop123", "Authorization"},
		{`GET /login?password=hunter22&next=/home`, "hunter22", "next=/home"},
		{`{"api_key": "zzz-123-yyy"}`, "zzz-123-yyy", "api_key"},
		{"-----BEGIN RSA PRIVATE KEY-----\nMIIEabc\n-----END RSA PRIVATE KEY-----", "MIIEabc", ""},
		{`token ghp_abcdefghijklmnopqrstuvwxyz0123`, "ghp_abcdefghijklmnopqrstuvwxyz0123", ""},

		// Passwords in URLs and DSNs holding "@", "/" or ":".
		{"postgres://app:p@ss/w0rd@db.internal:5432/app?sslmode=disable", "p@ss/w0rd", "@db.internal:5432/app?sslmode=disable"},
		{"redis://:r3dis-pw@cache:6379/0", "r3dis-pw", "@cache:6379/0"},
		// A token passed as the URL's user, as git remotes and CI logs show it.
		{"cloning https://x7Qm2Lp9Rt4Vn8Kd3Wc6Ys1@git.example.com/org/repo.git", "x7Qm2Lp9Rt4Vn8Kd3Wc6Ys1", "@git.example.com/org/repo.git"},
		{`db, err := sql.Open("mysql", "blog:p@ss:w0rd@tcp(127.0.0.1:3306)/blog?parseTime=true")`, "p@ss:w0rd", "blog:[REDACTED]@tcp(127.0.0.1:3306)/blog"},
		// Configuration formats.
		{"password: x", ": x", "password: "},
		{"db:\n  user: blog\n  password: correct horse battery\n  host: db", "correct horse battery", "user: blog"},
		{"[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\nregion = eu-west-1", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "region = eu-west-1"},
		{"config: aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY loaded", "wJalrXUtnFEMI", "loaded"},
		{`{"user": "blog", "password": "hun\"ter2"}`, `ter2`, `"user": "blog"`},
		{"export STRIPE_API_KEY=abc123def456", "abc123def456", "export STRIPE_API_KEY="},
		{"X-Api-Key: abc123def456", "abc123def456", "X-Api-Key: "},
		{"Cookie: sessionid=Zx81nB4vT6q; theme=dark", "Zx81nB4vT6q", "Cookie: "},
		{"cookie sessionid=Zx81nB4vT6q; theme=dark", "Zx81nB4vT6q", "theme=dark"},
		// URLs: query signatures, OAuth codes and tokens, secrets in paths.
		{"https://acct.blob.core.windows.net/c/f.txt?sv=2022-11-02&se=2026-01-01&sp=r&sig=abcDEF123%2Bxyz%3D", "abcDEF123", "sv=2022-11-02"},
		{"GET /oauth/callback?code=4/0AfJohXm9qZ&state=xyz", "4/0AfJohXm9qZ", "state=xyz"},
		{"GET /cb#access_token=ya29.a0AfH6SMBx&token_type=Bearer&refresh_token=1//0gLx9", "ya29.a0AfH6SMBx", "token_type=Bearer"},
		{"GET /cb#access_token=ya29.a0AfH6SMBx&token_type=Bearer&refresh_token=1//0gLx9", "1//0gLx9", "GET /cb#"},
		{"POST /password/reset/7f3k9Qx2LmN8vR4tZ6wY1", "7f3k9Qx2LmN8vR4tZ6wY1", "/password/reset/"},
		{"POST https://example.com/hooks/T0123ABCD/B0456EFGH/aZ3xY9wV7uT5sR1qP0oN2mL4", "aZ3xY9wV7uT5sR1qP0oN2mL4", "https://example.com/hooks/"},
		{"https://hooks.slack.com/services/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", "aZ3xY9wV7uT5sR1qP0oN2mL4", "hooks.slack.com/services/"},
		// Go's %v and %+v of headers, forms and structs, as apps log them.
		{"debug headers=map[Accept:[*/*] X-Api-Key:[xk_live_998877665544]]", "xk_live_998877665544", "Accept:[*/*]"},
		{"form=map[password:[QpW0rdInQuery] next:[/home]]", "QpW0rdInQuery", "next:[/home]"},
		{"debug {User:alice APIKey:apikeyvalue777 Password:structpw555}", "apikeyvalue777", "User:alice"},
		{"debug &{User:alice APIKey:apikeyvalue777 Password:structpw555}", "structpw555", "User:alice"},
		{"loaded &{ID:42 Token:tok-123456 Expires:2026}", "tok-123456", "ID:42"},
		// Authorization credentials.
		{"Authorization: Basic dXNlcjpwYXNzd29yZA==", "dXNlcjpwYXNzd29yZA==", "Authorization: "},
		{"req.Header.Set(\"Authorization\", \"Bearer eyJhbGciOi.abc\")", "eyJhbGciOi.abc", "req.Header.Set"},
		// JSON with escaped quotes: logged through slog or %q, inside a
		// JSON string, escaped twice.
		{`level=INFO msg="upstream said" resp="{\"access_token\":\"tk-55aa66bb\",\"user\":\"alice\"}"`, "tk-55aa66bb", `\"user\":\"alice\"`},
		{`resp="{\"password\": \"pa\\\"ss99\"}"`, "ss99", `\"password\": \"`},
		{`{"error":"{\"password\":\"escpw123\"}","code":7}`, "escpw123", `"code":7`},
		{`a="{\"data\":\"{\\\"api_key\\\":\\\"deep-9988\\\"}\"}"`, "deep-9988", `\"data\"`},
		{`\"secret\":\"bare-7788\"`, "bare-7788", `\"secret\":`},
		// Go source passing a secret as a literal argument.
		{`req.Header.Set("X-Api-Key", "hdrK3y99887766")`, "hdrK3y99887766", `req.Header.Set("X-Api-Key", "`},
		{`os.Setenv("API_KEY", "envK3y99887766")`, "envK3y99887766", `os.Setenv("API_KEY", `},
		{`cfg.Set("api_key", "cfgK3y99887766")`, "cfgK3y99887766", `cfg.Set(`},
		{`cmd := exec.Command("tool", "--token", "flagTok998877", "--verbose")`, "flagTok998877", `"--verbose")`},
		{"args := []string{\"--password\", `rawPw998877`}", "rawPw998877", `"--password", `},
		{`req.SetBasicAuth("svc", "basicPw998877")`, "basicPw998877", `req.SetBasicAuth("svc", `},
		{`u := url.UserPassword("svc", "userPw998877")`, "userPw998877", `url.UserPassword(`},
		{`req.Header.Add("Authorization", "Bearer "+"joinedTok998877")`, "joinedTok998877", `"Bearer "+`},
		// XML and HTML elements and attributes.
		{"<Login><User>alice</User><Password>xmlPw998877</Password></Login>", "xmlPw998877", "<User>alice</User><Password>"},
		{`<soap:Body><ns:ApiKey xsi:type="string">nsKey998877</ns:ApiKey></soap:Body>`, "nsKey998877", "</ns:ApiKey></soap:Body>"},
		{`<input name="password" value="formPw998877">`, "formPw998877", `<input name="password" value="`},
		{`<input type="password" class="wide" value="typePw998877" autofocus>`, "typePw998877", `class="wide"`},
		{`<meta name="csrf-token" content="csrf998877">`, "csrf998877", `<meta name="csrf-token"`},
		// Names and values given as two fields.
		{`[{"key":"password","value":"pairPw998877"},{"key":"user","value":"alice"}]`, "pairPw998877", `"value":"alice"`},
		{`{"name": "API_KEY", "value": "pairKey998877"}`, "pairKey998877", `"name": "API_KEY"`},
		{`{"value":"revTok998877","name":"token"}`, "revTok998877", `"name":"token"`},
		{`resp="{\"name\":\"password\",\"value\":\"escPair998877\"}"`, "escPair998877", `\"name\":\"password\"`},
		{`c := &http.Cookie{Name: "session", Value: "cookie998877"}`, "cookie998877", `Name: "session"`},
		// Values on the lines after their name.
		{"password: |\n  blockPw998877\n  second998877\nuser: alice", "998877", "password: |\n  [REDACTED]\n  [REDACTED]\nuser: alice"},
		{"db:\n  password:\n    nextPw998877\n  host: db", "nextPw998877", "  host: db"},
		{"  key: >-\n    folded998877\n  next: 1", "folded998877", "  next: 1"},
		{"api_keys:\n  - listKey998877\n  - listKey665544", "listKey", "api_keys:\n  - [REDACTED]"},
		{"env:\n- name: API_KEY\n  value: envPair998877\n- name: LOG_LEVEL\n  value: debug", "envPair998877", "value: debug"},
		{"[\n  {\n    \"name\": \"password\",\n    \"value\": \"jsonPair998877\"\n  }\n]", "jsonPair998877", `"name": "password",`},
		{"const apiKey =\n\t\"goNext998877\"", "goNext998877", "const apiKey =\n\t\"[REDACTED]\""},
		{"cfg := Config{\n\tPassword:\n\t\t\"fieldPw998877\",\n}", "fieldPw998877", "\t\t\"[REDACTED]\",\n}"},
		{"password = \"abc\" +\n\t\"concat998877\" +\n\t`raw998877`", "998877", "\t`[REDACTED]`"},
		{"password:\npromptPw998877", "promptPw998877", "password:\n[REDACTED]"},
		// Command-line flags and messages.
		{"exec: mysqldump --password flagPw998877 app", "flagPw998877", " app"},
		{"invalid token: proseTok998877", "proseTok998877", "invalid token: "},
		{`token "quotedTok998877" expired`, "quotedTok998877", "expired"},
		{`wrong password "WrongPw998877" for user alice`, "WrongPw998877", "for user alice"},
		{`the api key 'keyInProse998877' was revoked`, "keyInProse998877", "was revoked"},
		// Names outside the common spellings.
		{"GET /login?pw=queryPw998877&passcode=pc998877&next=/", "998877", "next=/"},
		{"MY_DB_PW=envPw998877", "envPw998877", "MY_DB_PW="},
		// Other separators: encoded and escaped "=", Ruby, tables, prose.
		{"body: password%3DenPw998877%26user%3Dalice", "enPw998877", "password%3D"},
		{"password&#61;entPw998877", "entPw998877", "password&#61;"},
		{`password\x3descPw998877 and password\u003duniPw998877`, "Pw998877", `password\x3d`},
		{`{:password => "rubyPw998877", :user => "alice"}`, "rubyPw998877", ":user"},
		{"| password | cellPw998877 |", "cellPw998877", "| password | "},
		{"password,csvPw998877,alice", "csvPw998877", "alice"},
		{"the password is isPw998877 for now", "isPw998877", "for now"},
		{"APIKEY spaceKey998877 rejected", "spaceKey998877", "rejected"},
		{`api_key = """tripleKey998877"""`, "tripleKey998877", "api_key"},
		{"password\\ttabPw998877", "tabPw998877", "password"},
		{"mysql -u root -pmyPw998877 blog", "myPw998877", " blog"},
		{"Passwort: dePw998877", "dePw998877", "Passwort"},
		{"mot_de_passe=frPw998877", "frPw998877", "mot_de_passe="},
		{"GET /app;jsessionid=js998877AbC", "js998877AbC", "jsessionid="},
		{"GET /x?PHPSESSID=php998877abc", "php998877abc", "PHPSESSID="},
	}
	for _, c := range cases {
		got := String(c.in)
		if strings.Contains(got, c.secret) {
			t.Errorf("String(%q) = %q: secret %q kept", c.in, got, c.secret)
		}
		if !strings.Contains(got, c.keep) {
			t.Errorf("String(%q) = %q: lost %q", c.in, got, c.keep)
		}
	}
}

// TestStringHidesPrivateKeysWhole checks that a private key is hidden from
// its BEGIN line to its END line, in a source window, in a window that
// starts or stops inside the key, and in a one-line string literal, and
// that the text keeps its line count.
func TestStringHidesPrivateKeysWhole(t *testing.T) {
	body := []string{"MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun", "VTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK", "LxoS2tFczGkPLPgizskuemMghRniWaoLcyehkd3qqGElvW/VDL5AaWTg0nLVkjRo9z+40RQzuVaE8AkAFmxZzow3x+VJYKdjykkJ0iT9wCS0DRTXu269V264Vf/3jvredZiKRkgwlL9xNAwxXFg0x/XFw005UWVRIkdgcKWTjpBP2dPwVZ4WWC+9aGVd+Gyn1o0CLelf4rEjGoXbAAEgAqeGUxrcIlbjXfbcmwIDAQAB"}
	key := "-----BEGIN RSA PRIVATE KEY-----\n" + strings.Join(body, "\n") + "\n-----END RSA PRIVATE KEY-----"
	window := "// testKey signs the session cookies.\nconst testKey = `" + key + "`\n\nfunc sign(b []byte) []byte {"
	cases := map[string]string{
		"whole window":         window,
		"window cut after key": strings.SplitN(window, body[1], 2)[0] + body[1],
		"window from inside":   body[1] + "\n" + body[2] + "\n-----END RSA PRIVATE KEY-----`\n\nfunc sign(b []byte) []byte {",
		"escaped literal":      `const testKey = "` + strings.ReplaceAll(key, "\n", `\n`) + `"`,
		"OpenSSH":              "-----BEGIN OPENSSH PRIVATE KEY-----\n" + body[0] + "\n-----END OPENSSH PRIVATE KEY-----",
	}
	for name, in := range cases {
		got := String(in)
		for _, b := range body {
			for _, part := range []string{b[:20], b[len(b)-20:]} {
				if strings.Contains(in, part) && strings.Contains(got, part) {
					t.Errorf("%s: key data %q kept:\n%s", name, part, got)
				}
			}
		}
		if strings.Count(got, "\n") != strings.Count(in, "\n") {
			t.Errorf("%s: %d lines became %d", name, strings.Count(in, "\n")+1, strings.Count(got, "\n")+1)
		}
	}
	if got := String(window); !strings.Contains(got, "func sign(b []byte) []byte {") || !strings.Contains(got, "// testKey signs") {
		t.Errorf("the code around the key was hidden too:\n%s", got)
	}
}

func TestLinesKeepsTheirCount(t *testing.T) {
	lines := []string{"const k = `-----BEGIN EC PRIVATE KEY-----", "MHcCAQEEIBkg4LVWM9nuwNSk3yTTwVNGCDuMk8n8OmaWrBEQ3m9ZoAoGCCqGSM49", "-----END EC PRIVATE KEY-----`", "", "func f() {}"}
	got := Lines(lines)
	if len(got) != len(lines) || strings.Contains(strings.Join(got, "\n"), "MHcCAQEE") || got[4] != "func f() {}" {
		t.Errorf("Lines = %q", got)
	}
}

// TestStringLeavesCodeAlone lists ordinary code and text that holds no
// secret and must reach the reader unchanged: hiding it would hide the
// cause of a failure.
func TestStringLeavesCodeAlone(t *testing.T) {
	for _, code := range []string{
		`password := r.FormValue("password")`,
		`key := chi.URLParam(r, "slug")`,
		`m[key] = value`,
		`token, err := parseToken(h)`,
		"\ttoken = tok",
		"\tpassword = strings.TrimSpace(password)",
		"\t\tPassword: pw,",
		"\tAPIKey:  cfg.APIKey,",
		`if token == "" {`,
		// A URL's user name that is a name, not a token.
		"https://alice@example.com/org/repo.git",
		"mailto:support-team-2024@example.com",
		"ssh://git@github.com/org/repo.git",
		`tmpl := template.New("page").Option("missingkey=error")`,
		`GET /posts?api_key_required=true`,
		`SELECT id, author_id, title FROM posts WHERE author_id = ? AND published = 1`,
		`INSERT INTO sessions (user_id, expires_at) VALUES (?, ?)`,
		`UPDATE users SET password_hash = ? WHERE id = ?`,
		`AuthorID: 7, Keyboard: "us", Passenger: "x", monkey: "y", Tokenizer: "z"`,
		"commit 9fceb02d0ae598e95dc970b74767f19372d61af8 (HEAD -> main)",
		"GET /posts/550e8400-e29b-41d4-a716-446655440000/comments",
		"request_id=550e8400-e29b-41d4-a716-446655440000 status=500",
		"github.com/go-chi/chi/v5@v5.2.1/mux.go:90 +0x1f4",
		"runtime.mapassign_faststr(0x7a1b20, 0x0, {0xc000012345, 0x5})",
		`<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==">`,
		"invalid token signature: the token validation failed",
		"use basic authentication or a bearer token",
		"https://example.com:8080/users/@alice",
		"mailto:alice@example.com",
		"/reset/{token}",
		"GET /keys/primary",
		"\tDefaultMaxTokens        = 700",
		"max_tokens: 4096",
		"\tu.TotalTokens = u.PromptTokens + u.CompletionTokens",
		"db.QueryRow(`SELECT value FROM meta WHERE key = 'schema_version'`)",
		"db.QueryRow(`SELECT value FROM meta WHERE key = ?`, metaKey)",
		`KindSignature  = "signature"`,
		`sessionCookie = "session"`,
		`shortlistMetaKey = "shortlist_code"`,
		`t.Errorf("Authorization = %q", got)`,
		`panic("connecting with api_key=" + key + " failed")`,
		"map[Password:[] Token:<nil>]",
		"\t\tAPIKey: cfg.APIKey,",
		`main.Config{URL:"x", APIKey:"[REDACTED]"}`,
		"http://auth.example.com:8080/login",
		`resp="{\"token_type\":\"bearer\",\"user\":\"alice\",\"token\":\"\"}"`,
		`body := "{\"user\":\"alice\",\"keyboard\":\"us\"}"`,
		`req.Header.Set("Authorization", "Bearer "+tok)`,
		`req.Header.Set("Content-Type", "application/json")`,
		`req.SetBasicAuth(cfg.User, cfg.Password)`,
		`token := flag.String("token", "", "the API token")`,
		`slog.Info("login failed", "password", pw, "user", "alice")`,
		`slog.Error("token", "user", u)`,
		`if r.Header.Get("X-Api-Key") == "" {`,
		`os.Setenv("API_KEY", os.Getenv("OPENAI_API_KEY"))`,
		`<label for="password">Password</label><input type="password" name="password" value="">`,
		`<td>token</td><td>expires</td><title>Token expired</title>`,
		`<input name="user" value="alice">`,
		`{"name":"color","value":"red"}`,
		`c := &http.Cookie{Name: "session", Value: sid, Path: "/"}`,
		`<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>`,
		"auth:\n  enabled: true\n  provider: github",
		"tokens:\n  - name: primary\n    value: x",
		"func f() {\ntoken:\n\tfor {\n\t\tbreak token\n\t}\n}",
		"password: |",
		"usage: app --token string --password-file /run/secrets/db",
		"use --token to pass the token",
		"invalid token: expired",
		"\tlog.Printf(\"token: %s\", tok.Type)",
		"missing header: api key X-Api-Key",
		`fmt.Errorf("invalid token: %w", err)`,
		"\tPassword: cfg.Password,",
		"func SetPassword(p string) {",
		"type Credentials struct {\n\tUser     string\n\tPassword string\n}",
		"var sessions map[string]*Session",
		"spin=fast pinned=true",
		"missing key: PostID",
		"key, value := range posts",
		"token is expired, password is required",
		"| Token | Description |",
		"secret, err := loadSecret(ctx)",
		"api key required",
		"mysql -u root -p blog < schema.sql",
		"secretKey :=\n\tos.Getenv(\"SECRET_KEY\")",
		"password:\nnot set",
		"token:\n\tfor {",
	} {
		if got := String(code); got != code {
			t.Errorf("String(%q) = %q, want it unchanged", code, got)
		}
	}
}

func TestIsSensitiveName(t *testing.T) {
	for _, name := range []string{
		"api_key", "APIKey", "apiKey", "AuthToken", "X-Auth-Token", "X-Api-Key", "Authorization",
		"Set-Cookie", "Cookie", "sessionid", "SESSION_ID", "client_secret", "DB_PASSWORD", "passwd",
		"aws_secret_access_key", "AWS_SESSION_TOKEN", "accessToken", "refresh_token", "privateKey",
		"X-Amz-Signature", "sig", "Credentials", "OPENAI_API_KEY", "csrf_token", "Tokens", "apikey",
		"pw", "MY_DB_PW", "dbpw", "passcode", "PIN", "userPin", "pins", "passphrase", "PASSWD",
	} {
		if !IsSensitiveName(name) {
			t.Errorf("IsSensitiveName(%q) = false, want true", name)
		}
	}
	for _, name := range []string{
		"AuthorID", "author", "Keyboard", "Passenger", "monkey", "Tokenizer", "Passage", "compass",
		"Accept", "User-Agent", "ContentType", "Signal", "Authority", "bypass", "hotkeys", "URL", "code",
		"spin", "Spinner", "Pinned", "mapping", "shipping", "opinion", "pwned",
	} {
		if IsSensitiveName(name) {
			t.Errorf("IsSensitiveName(%q) = true, want false", name)
		}
	}
}

func TestValue(t *testing.T) {
	if got := Value("X-Api-Key", "abc"); got != Mask {
		t.Errorf("sensitive header kept: %q", got)
	}
	if got := Value("Accept", "text/html"); got != "text/html" {
		t.Errorf("plain header changed: %q", got)
	}
	v := Values(map[string][]string{"session_id": {"x1"}, "q": {"go"}, "code": {"4/0Af"}, "pw": {"x2"}, "passcode": {"x3"}, "pin": {"1234"}})
	if v["session_id"][0] != Mask || v["q"][0] != "go" || v["code"][0] != Mask || v["pw"][0] != Mask || v["passcode"][0] != Mask || v["pin"][0] != Mask {
		t.Errorf("Values = %v", v)
	}
}

func TestSensitiveEnvValues(t *testing.T) {
	vals := SensitiveEnvValues([]string{"OPENAI_API_KEY=sk-abcdefgh", "HOME=/root", "DB_PASSWORD=shortpw1", "API_TOKEN=tiny", "X_TOKEN=abc", "PWD=/work/app", "OLDPWD=/home/dev", "MY_DB_PW=dbpw-778899"})
	if len(vals) != 3 || vals[0] != "sk-abcdefgh" || vals[2] != "shortpw1" && vals[1] != "shortpw1" {
		t.Errorf("SensitiveEnvValues = %v", vals)
	}
}
