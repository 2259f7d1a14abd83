package redact

import (
	"strings"
	"testing"
)

// TestStringHidesSecretsByContext plants secrets that no sensitive name
// marks and no provider's format names, each where its context gives it
// away, and checks that String hides the secret and keeps the context.
func TestStringHidesSecretsByContext(t *testing.T) {
	cases := []struct{ class, in, secret, keep string }{
		// The secret half of a key pair, after its key id.
		{"key pair", "AKIAZX81NB4VT6QWM3KE wJalrXUtnFEMI/K7MDENG/bPxRfiCYzx81nb4v", "wJalrXUtnFEMI/K7MDENG", ""},
		{"key pair", "creds=AKIAZX81NB4VT6QWM3KE:Qz9v+Lk3Wd8Rt2Yx7Hn4Bc6Mp1Fg5Js0Ae3Uo8Ti", "Qz9v+Lk3Wd8Rt2Yx7Hn4", "creds="},
		{"key pair", `id,secret` + "\n" + `ASIAQ3EGWQ7VYBZX2K5M,m9Jd2Kx7Lq4Vn8Rz1Wc5Tb3Yh6Pf0Gs9Ua2Eo7Ni`, "m9Jd2Kx7Lq4Vn8Rz1Wc5", "id,secret"},
		{"key pair", "client_id=prod-reader-7 blob Hq7Vb2Nk9Lx4Rm8Tz3Wc6Yd1Pg5Fs0Ja", "Hq7Vb2Nk9Lx4Rm8Tz3Wc6", "client_id=prod-reader-7 blob "},
		{"key pair", `{"AccessKeyId": "ops-bot-42", "Blob": "b8F3kLq9Zr2Wx7Vn4Tc6Ym1Hd5Gp0Js"}`, "b8F3kLq9Zr2Wx7Vn4Tc6", `"Blob": "`},
		{"key pair", "client_id: 7731-web, client_hmac 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", "9f86d081884c7d659a2f", "client_id: 7731-web"},
		// Passwords in an authority with no scheme.
		{"authority", "connecting to app_rw:Xk9#mQ2vL7pR@pg-primary.internal:5432 failed", "Xk9#mQ2vL7pR", "@pg-primary.internal:5432 failed"},
		{"authority", `REDIS_ADDR="default:pl41nw0rd@cache.local:6380"`, "pl41nw0rd", "@cache.local:6380"},
		{"authority", "amqp broker guest:s3cret-guest-pw@10.0.4.12 unreachable", "s3cret-guest-pw", "@10.0.4.12 unreachable"},
		{"authority", "dial backup:sh0rt@localhost refused", "sh0rt", "@localhost refused"},
		{"authority", "dsn: ops:p@ss@word@db.example.org:3306", "p@ss@word", "@db.example.org:3306"},
		// A command's credential argument.
		{"command", "exec: redis-cli -h cache -a hunter2redis ping", "hunter2redis", "-h cache -a "},
		{"command", "$ sshpass -p 'letmein!99' ssh deploy@web1", "letmein!99", "ssh deploy@web1"},
		{"command", `cmd := exec.Command("mongosh", "--host", "db", "-u", "app", "-p", "m0ngoPass_x", "--eval", "1")`, "m0ngoPass_x", `"--eval", "1"`},
		{"command", "docker login -u ci -p dckrP4ss registry.example.com", "dckrP4ss", "registry.example.com"},
		{"command", "ldapsearch -x -D cn=admin -w ld4pSecret -b dc=example", "ld4pSecret", "-b dc=example"},
		{"command", "curl -sS -u deploy:curlPw77 https://ci.example.com/api", "curlPw77", "-u deploy:"},
		{"command", "sqlcmd -S db -U sa -P 'Sq1S3rver!' -Q 'select 1'", "Sq1S3rver!", "-Q "},
		{"command", "keytool -list -keystore app.jks -storepass ch4ngeit-now", "ch4ngeit-now", "-keystore app.jks"},
		{"command", "/usr/bin/redis-cli -aJoinedRedisPw ping", "JoinedRedisPw", "ping"},
		{"command", "openssl enc -aes-256-cbc -k encKey99x -in a -out b", "encKey99x", "-in a -out b"},
		{"command", "smbclient //fs/share -U alice%smbPw123", "smbPw123", "-U alice%"},
		// A random-looking token given as a value under no sensitive name.
		{"assignment", `	upstreamCred := "Tq8Lm3Xz7Vb2Nk9Rw4Yc6Hd1"`, "Tq8Lm3Xz7Vb2Nk9Rw4Yc6Hd1", "upstreamCred := "},
		{"assignment", "MAILER_DSN_X=Gx4Rt8Vb1Nm6Kq3Lw9Zp2Yd7Hc5", "Gx4Rt8Vb1Nm6Kq3Lw9Zp2Yd7Hc5", "MAILER_DSN_X="},
		{"assignment", "GET /export?format=csv&acct=Bv7Nq2Lx9Kr4Wt8Zm3Yc6Hd1&page=2", "Bv7Nq2Lx9Kr4Wt8Zm3Yc6Hd1", "&page=2"},
		{"assignment", `	Upstream: "Rk3Wq8Lm2Zx7Vb4Nt9Yc6Hd1",`, "Rk3Wq8Lm2Zx7Vb4Nt9Yc6Hd1", "Upstream: "},
		{"assignment", `var mailer = Mailer{"smtp.example.com", 587, "Pz6Nw1Kq8Lr3Xt7Vb2Yc9Hd4"}`, "Pz6Nw1Kq8Lr3Xt7Vb2Yc9Hd4", `Mailer{"smtp.example.com", 587, `},
		{"assignment", "\t// staging uses Mv5Kx9Lq2Rw7Zt3Nb8Yc1Hd6 until June", "Mv5Kx9Lq2Rw7Zt3Nb8Yc1Hd6", "until June"},
		{"assignment", "# fallback: Wc2Lq7Nx4Kr9Zt1Vb6Ym3Hd8", "Wc2Lq7Nx4Kr9Zt1Vb6Ym3Hd8", "# fallback: "},
		{"assignment", `{"webhook": {"shared": "Yd9Kq3Lx7Nw2Rt6Zb1Vm8Hc4"}}`, "Yd9Kq3Lx7Nw2Rt6Zb1Vm8Hc4", `"shared": `},
		{"assignment", `const signing = "4f9a1c7e2b8d6035be94c1f7a2d8e6037b1c"`, "4f9a1c7e2b8d6035be94c1f7a2d8e6037b1c", "const signing = "},
		{"assignment", "hmac.New(sha256.New, []byte(\"Ln4Xq8Kw2Zr7Vt1Bm6Yc3Hd9\"))", "Ln4Xq8Kw2Zr7Vt1Bm6Yc3Hd9", "hmac.New(sha256.New"},
	}
	for _, c := range cases {
		got := String(c.in)
		if strings.Contains(got, c.secret) {
			t.Errorf("%s: String(%q) = %q: secret %q kept", c.class, c.in, got, c.secret)
		}
		if !strings.Contains(got, c.keep) {
			t.Errorf("%s: String(%q) = %q: lost %q", c.class, c.in, got, c.keep)
		}
		if String(got) != got {
			t.Errorf("%s: String is not idempotent on %q", c.class, got)
		}
	}
}

// TestStringKeepsWhatOnlyLooksLikeASecret lists values that stand where a
// secret would but are none: identifiers, hashes a line calls hashes,
// UUIDs, versions, paths, import paths, base64 of text, e-mail addresses,
// ports, placeholders and commands without credentials.
func TestStringKeepsWhatOnlyLooksLikeASecret(t *testing.T) {
	for _, s := range []string{
		`name := "TestParseHTTPResponse2xx"`,
		`	want := "internal/gcimporter/testdata/versions"`,
		`import "golang.org/x/tools/go/analysis/passes/inspect"`,
		"commit 9fceb02d0ae598e95dc970b74767f19372d61af8 (HEAD -> main)",
		`sum := "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"`,
		"golang.org/x/tools v0.52.0 h1:Zx81nB4vT6qWm3Ke9Lp0Rt7Yb2Nc5Vd8Ff1Gh2Jk3L=",
		`id := "550e8400-e29b-41d4-a716-446655440000"`,
		"require golang.org/x/mod v0.0.0-20230101120000-abcdef123456",
		`msg := "SGVsbG8sIFdvcmxkISBIb3cgYXJlIHlvdT8="`,
		"author: alice@example.com",
		"user:alice@example.com",
		"mailto:ops-team@example.com",
		`fmt.Sprintf("%s:%s@%s:%d", user, pass, host, port)`,
		"connect ${DB_USER}:${DB_PASS}@db:5432",
		"listening on 127.0.0.1:8080",
		"main.go:42:17: undefined: x@y",
		"docker run -p 8080:80 app",
		"mysql -u root -p blog < schema.sql",
		"curl -u alice https://example.com",
		"redis-cli -a $REDIS_PASSWORD ping",
		"sshpass -p \"$PASS\" ssh host",
		`integrity="sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC"`,
		"\t// See golang.org/issue/12345 and CL 567890 for TestVeryLongIdentifierName.",
		`	x := strings.Repeat("abcdefghijklmnop", 4)`,
		`	errUnexpectedEOFInHeader = errors.New("UnexpectedEndOfInputInHeader")`,
		`	{"ParseInt", "strconv.ParseInt"},`,
		"GET /posts/42?sort=created_at&order=desc",
		"ok  	golang.org/x/tools/go/packages	12.345s",
		"--- FAIL: TestLoadSyntaxOK/GOPACKAGESDRIVER=off (0.01s)",
		"    --- PASS: TestGoList/Modules (0.18s)",
		"2026/12/02 01:02:03 GET /posts/7 500 1.234ms req=7f3c9a1b",
		// Code that names a secret beside values that are none.
		"\tcredPass, credUserOk := creds[user]",
		`	{"private_v4_accepted", "10.0.1.10", "10.0.1.10"},`,
		`	"Cache-Control":   "no-cache, no-store, must-revalidate, private, max-age=0",`,
		`	{"mounted without auth", "/acme/data/42", false, http.StatusUnauthorized, ""},`,
		`	req.Header.Set("X-Auth", "ok")`,
		`	ctxKey := "customKey"`,
		`	s := fmt.Sprintf("/hubs/%s reqid:%s session:%s", hub, id, sess)`,
		`	t.Errorf("find '%s' expecting paramKeys:(%d)%v", r, n, k)`,
		"// To clone the basic command-line program template",
		"https://9p.io/magic/man2html/1/yacc",
		"\tPRIVATE = 0xE000 // unicode private use",
		"\t\ttoken = -1",
		"\tcase LcCodeSignature, LcSegmentSplitInfo, LcFunctionStarts,",
		`const _Token_name = "&|+-Ident.SingleBeforeinlineinline general"`,
		"\th.inGenericSig = true // affects constraints, params, and results",
		`	queries := []string{"key=", "key=value"}`,
		"func (b *Builder) Update(m Map, key uint64, val any) Map {",
		`	{Key: "service.name", Value: attr{StringValue: &e.serviceName}},`,
		`// Signature: "goroutine 1 [running]:"`,
		"// channel until it passes msgLimit messages, at which point",
		`	if body != "/folders/public reqid:1 session:elvis" {`,
		`// Signature: "=================="`,
		"\ttoken tokenKind",
		"\topKey           = 'K' // .Key()",
		`//			AllowedHeaders:   []string{"Accept", "Authorization", "Content-Type"},`,
		`	for _, k := range []string{"OPENAI_API_KEY", "OPENAI_BASE_URL", "EXPLAINERR_MODEL"} {`,
		"\tfor curFile := range filesUsingGoVersion(pass, versions.Go1_18) {",
		`	t.Errorf("Iterate: key: got %s, want %s", key, tPStr1)`,
		`	return fmt.Sprintf("GOROOT=%v PWD=%v %v", env["GOROOT"], env["PWD"], args)`,
		`// want "not compatible with reflect.StructTag.Get: key:.value. pairs not separated by spaces"`,
	} {
		if got := String(s); got != s {
			t.Errorf("String(%q) = %q, want it unchanged", s, got)
		}
	}
}

// TestRandomValuesOfPlainNames: a query or form field, and an environment
// variable, whose name carries no sensitive word, is hidden when its value
// looks random, and kept when it is a word, a number, a UUID or a hash its
// name calls one.
func TestRandomValuesOfPlainNames(t *testing.T) {
	got := Values(map[string][]string{
		"acct":   {"Bv7Nq2Lx9Kr4Wt8Zm3Yc6Hd1"},
		"q":      {"golang generics"},
		"page":   {"2"},
		"req":    {"550e8400-e29b-41d4-a716-446655440000"},
		"commit": {"9fceb02d0ae598e95dc970b74767f19372d61af8"},
	})
	if got["acct"][0] != Mask {
		t.Errorf("acct = %q, want it hidden", got["acct"])
	}
	for _, k := range []string{"q", "page", "req", "commit"} {
		if got[k][0] == Mask {
			t.Errorf("%s = %q, want it kept", k, got[k])
		}
	}
	var k Known
	k.AddField("acct", []string{"Bv7Nq2Lx9Kr4Wt8Zm3Yc6Hd1"})
	k.AddField("q", []string{"golang generics"})
	if k.Len() != 1 {
		t.Errorf("Known holds %d values, want the random one only", k.Len())
	}
	vals := SensitiveEnvValues([]string{"RELAY_CRED=Jd8Kq2Lx7Vn4Rz1Tc5Yb3Hm", "HOME=/root", "LANG=en_US.UTF-8", "GOFLAGS=-p=1", "PATH=/usr/local/go/bin:/usr/bin"})
	if len(vals) != 1 || vals[0] != "Jd8Kq2Lx7Vn4Rz1Tc5Yb3Hm" {
		t.Errorf("SensitiveEnvValues = %q, want the random value only", vals)
	}
}

// TestPasswordsThatAreWords: a password made of words and a digit is
// hidden under a password's name, though the same value is kept as a
// name elsewhere.
func TestPasswordsThatAreWords(t *testing.T) {
	for _, in := range []string{"my password is hunter2secret", "password: hunter2secret", `{"note": "the pw is correct2horse"}`} {
		if got := String(in); strings.Contains(got, "2secret") || strings.Contains(got, "2horse") {
			t.Errorf("String(%q) = %q: the password is kept", in, got)
		}
	}
}
