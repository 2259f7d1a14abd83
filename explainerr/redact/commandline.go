package redact

import "strings"

// A credentialCommand is a command whose flags take a credential: the
// value after such a flag ("redis-cli -a x", "sshpass -p x") or joined to
// a short one ("mysql -px") is hidden.
type credentialCommand struct {
	// after, when set, is a word that must come before the flag: docker's
	// "-p" is a password only after "login".
	after string
	// flags take their value as the next argument, or joined to them
	// when they are one letter long.
	flags []string
	// joinedOnly are flags whose value counts only when joined ("mysql
	// -p db" asks for the password and names a database).
	joinedOnly []string
	// userPass are flags whose value is user:password or user%password;
	// only the password is hidden.
	userPass []string
}

// credentialCommands are the commands known to take credentials as
// arguments, by the name of their program.
var credentialCommands = map[string]credentialCommand{
	"redis-cli":    {flags: []string{"-a", "--pass", "--user-pass"}},
	"redis-server": {flags: []string{"--requirepass", "--masterauth"}},
	"sshpass":      {flags: []string{"-p"}},
	"mysql":        {flags: []string{"--password"}, joinedOnly: []string{"-p"}},
	"mysqldump":    {flags: []string{"--password"}, joinedOnly: []string{"-p"}},
	"mysqladmin":   {flags: []string{"--password"}, joinedOnly: []string{"-p"}},
	"mariadb":      {flags: []string{"--password"}, joinedOnly: []string{"-p"}},
	"mongo":        {flags: []string{"-p", "--password"}},
	"mongosh":      {flags: []string{"-p", "--password"}},
	"mongodump":    {flags: []string{"-p", "--password"}},
	"mongorestore": {flags: []string{"-p", "--password"}},
	"mongoexport":  {flags: []string{"-p", "--password"}},
	"mongoimport":  {flags: []string{"-p", "--password"}},
	"docker":       {after: "login", flags: []string{"-p", "--password"}},
	"podman":       {after: "login", flags: []string{"-p", "--password"}},
	"helm":         {after: "login", flags: []string{"-p", "--password"}},
	"ldapsearch":   {flags: []string{"-w"}},
	"ldapadd":      {flags: []string{"-w"}},
	"ldapmodify":   {flags: []string{"-w"}},
	"ldapdelete":   {flags: []string{"-w"}},
	"ldapwhoami":   {flags: []string{"-w"}},
	"sqlcmd":       {flags: []string{"-P"}},
	"bcp":          {flags: []string{"-P"}},
	"zip":          {flags: []string{"-P", "--password"}},
	"unzip":        {flags: []string{"-P"}},
	"7z":           {joinedOnly: []string{"-p"}},
	"keytool":      {flags: []string{"-storepass", "-keypass", "-srcstorepass", "-deststorepass", "-srckeypass", "-destkeypass"}},
	"openssl":      {flags: []string{"-k", "-pass", "-passin", "-passout"}},
	"influx":       {flags: []string{"-p", "--password", "-t", "--token"}},
	"psql":         {flags: []string{"--password"}},
	"curl":         {userPass: []string{"-u", "--user", "-U", "--proxy-user"}},
	"wget":         {flags: []string{"--password", "--http-password", "--ftp-password", "--proxy-password"}},
	"smbclient":    {userPass: []string{"-U", "--user"}},
	"rclone":       {flags: []string{"--pass"}},
	"nats":         {flags: []string{"--password", "--token"}},
}

// An argument is one word of a command line, from i to j in the line.
type argument struct{ i, j int }

// commandArguments splits line into words the way both a shell and a Go
// argument list write them: blanks, quotes, commas and brackets separate
// words ("redis-cli -a x", exec.Command("redis-cli", "-a", "x")).
func commandArguments(line string) []argument {
	var out []argument
	for i := 0; i < len(line); {
		if isArgumentSeparator(line[i]) {
			i++
			continue
		}
		j := i
		for j < len(line) && !isArgumentSeparator(line[j]) {
			j++
		}
		out = append(out, argument{i, j})
		i = j
	}
	return out
}

func isArgumentSeparator(c byte) bool {
	switch c {
	case ' ', '\t', '\r', '"', '\'', '`', ',', '(', ')', '[', ']', '{', '}':
		return true
	}
	return false
}

// endsCommand reports whether the word w ends the arguments of a command.
func endsCommand(w string) bool {
	switch w {
	case "|", "||", "&&", ";", "&", ">", "<", "2>", ">>":
		return true
	}
	return false
}

// hideCommandCredentials hides the credentials given as arguments to the
// commands of credentialCommands in line.
func hideCommandCredentials(line string) string {
	args := commandArguments(line)
	var hide []tokenSpan
	for k, a := range args {
		name := line[a.i:a.j]
		if i := strings.LastIndexByte(name, '/'); i >= 0 {
			name = name[i+1:]
		}
		cmd, ok := credentialCommands[strings.TrimSuffix(name, ".exe")]
		if !ok {
			continue
		}
		hide = append(hide, cmd.credentials(line, args[k+1:])...)
	}
	if len(hide) == 0 {
		return line
	}
	// Spans may come from two commands on one line; keep them in order.
	spans := hide[:0]
	last := -1
	for _, sp := range sortSpans(hide) {
		if sp.i >= last {
			spans = append(spans, sp)
			last = sp.j
		}
	}
	return replaceSpans(line, spans)
}

// credentials returns the spans of the credentials in args, the words
// after the command's name.
func (c credentialCommand) credentials(line string, args []argument) []tokenSpan {
	var out []tokenSpan
	seenAfter := c.after == ""
	for k := 0; k < len(args); k++ {
		a := args[k]
		w := line[a.i:a.j]
		if endsCommand(w) {
			break
		}
		if !seenAfter {
			seenAfter = w == c.after
			continue
		}
		if !strings.HasPrefix(w, "-") {
			continue
		}
		next := func() (argument, bool) {
			if k+1 < len(args) && !endsCommand(line[args[k+1].i:args[k+1].j]) {
				return args[k+1], true
			}
			return argument{}, false
		}
		switch {
		case hasFlag(c.flags, w):
			if v, ok := next(); ok && !isArgumentPlaceholder(line[v.i:v.j]) {
				out = append(out, tokenSpan(v))
				k++
			}
		case hasFlag(c.userPass, w):
			if v, ok := next(); ok {
				out = append(out, userPassSpan(line, v)...)
				k++
			}
		default:
			if sp, ok := joinedValue(c, line, a); ok {
				out = append(out, sp)
			}
		}
	}
	return out
}

// joinedValue returns the value joined to a one-letter flag ("-pSECRET",
// "-aSECRET", "-u user:pass" joined as "-uuser:pass").
func joinedValue(c credentialCommand, line string, a argument) (tokenSpan, bool) {
	w := line[a.i:a.j]
	if len(w) < 3 || w[1] == '-' {
		return tokenSpan{}, false
	}
	flag := w[:2]
	if strings.HasPrefix(w[2:], "=") {
		w = w[:2] + w[3:]
		a.i++
	}
	if isArgumentPlaceholder(w[2:]) {
		return tokenSpan{}, false
	}
	if hasFlag(c.joinedOnly, flag) || hasFlag(c.flags, flag) {
		return tokenSpan{a.i + 2, a.j}, true
	}
	if hasFlag(c.userPass, flag) {
		sp := userPassSpan(line, argument{a.i + 2, a.j})
		if len(sp) == 1 {
			return sp[0], true
		}
	}
	return tokenSpan{}, false
}

// userPassSpan returns the password of a user:password (or, for Samba,
// user%password) argument.
func userPassSpan(line string, a argument) []tokenSpan {
	w := line[a.i:a.j]
	k := strings.IndexAny(w, ":%")
	if k <= 0 || k == len(w)-1 || isArgumentPlaceholder(w[k+1:]) {
		return nil
	}
	return []tokenSpan{{a.i + k + 1, a.j}}
}

func hasFlag(flags []string, w string) bool {
	for _, f := range flags {
		if w == f {
			return true
		}
	}
	return false
}

// isArgumentPlaceholder reports whether an argument stands for a
// credential rather than being one: a variable, a format verb, a
// template, a flag, a masked value.
func isArgumentPlaceholder(v string) bool {
	if v == "" || v == Mask || strings.HasPrefix(v, "-") && tokenValue(v) != v {
		// A next flag, not a value; a random token that starts with
		// "-" is a value (tokenValue).
		return true
	}
	return isPasswordPlaceholder(v) || v == "REDACTED"
}

// sortSpans sorts spans by their start.
func sortSpans(spans []tokenSpan) []tokenSpan {
	for i := 1; i < len(spans); i++ {
		for j := i; j > 0 && spans[j].i < spans[j-1].i; j-- {
			spans[j], spans[j-1] = spans[j-1], spans[j]
		}
	}
	return spans
}
