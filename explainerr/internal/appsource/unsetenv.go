package appsource

import (
	"go/ast"
	"os"
	"path/filepath"
	"regexp"

	"github.com/explainerr/explainerr/explainerr/report"
)

// A key, secret or token read from an environment variable that the
// process does not have is "" wherever it is used: a token signed with
// one key and checked with the empty one fails as "signature is invalid",
// with nothing in the message that names a setting. The middleware runs
// in the app's own process, so its environment is the one the app read:
// a variable missing there is a fact, not a guess.

// credentialFailure matches an error about a key, a secret, a signature,
// a token or a password: what a missing setting usually breaks.
var credentialFailure = regexp.MustCompile(`(?i)\b(?:signature|secret|(?:api|signing|private|public|encryption)[ _-]?key|key (?:is )?(?:invalid|missing|empty|not set)|invalid key|token|credential|password|passwd|unauthori[sz]ed|authenticat\w*|hmac|decrypt\w*|cipher\w*|certificate)\b`)

// emptyParse matches the error of a number, a flag or a duration parsed
// from an empty text.
var emptyParse = regexp.MustCompile(`\bparsing "": invalid syntax|invalid duration ""`)

// envReaders are the calls that read one environment variable.
var envReaders = map[string]bool{"os.Getenv": true, "os.LookupEnv": true}

// ReadsEnv reports whether call (a SettingRead's Call) reads one
// environment variable.
func ReadsEnv(call string) bool { return envReaders[call] }

// credentialName matches the name of a setting that holds a key, a
// secret or a password (PBW_DECRYPTION_KEY, JWT_SECRET).
var credentialName = regexp.MustCompile(`(?i)(?:^|_)(?:key|secret|token|password|passwd|pass|salt|credentials?)(?:_|$)`)

// UnsetEnvReads returns the reads of an environment variable this
// process does not have in the functions the request reached (reach, its
// RequestReach) and in the functions those pass as values (a
// jwt.Keyfunc), nearest the frames first: for an error about a key, a
// secret or a token, or about an empty text parsed, any such read; for
// another, those whose variable names a key, a secret or a password (an
// empty decryption key makes "pq: Illegal argument to function").
func (m *Module) UnsetEnvReads(r *report.Report, reach []FuncRef) []SettingRead {
	credential, parse := false, false
	for _, msg := range errorMessages(r) {
		msg = report.AnalysedText(msg)
		if constraintWords.MatchString(msg) {
			return nil
		}
		// A parse of an empty value ("strconv.Atoi: parsing \"\"") is
		// as likely a variable the process lacks as a key is.
		credential = credential || credentialFailure.MatchString(msg)
		parse = parse || emptyParse.MatchString(msg)
	}
	reads := map[*ast.FuncDecl][]SettingRead{}
	// The functions holding such a read that a call may be given as a
	// value: a package's plain function, by its directory and name.
	passable := map[dirName]*ast.FuncDecl{}
	for _, sr := range m.SettingReads() {
		if envReaders[sr.Call] && (credential || parse || credentialName.MatchString(sr.Key)) {
			if _, set := os.LookupEnv(sr.Key); !set {
				reads[sr.Decl] = append(reads[sr.Decl], sr)
				if sr.Decl.Recv == nil {
					passable[dirName{filepath.Dir(sr.File.Path), sr.Decl.Name.Name}] = sr.Decl
				}
			}
		}
	}
	if len(reads) == 0 {
		return nil
	}
	var out []SettingRead
	seen := map[*ast.FuncDecl]bool{}
	take := func(fd *ast.FuncDecl) {
		if !seen[fd] {
			seen[fd] = true
			out = append(out, reads[fd]...)
		}
	}
	for _, ref := range reach {
		if ref.Decl == nil || ref.Decl.Body == nil {
			continue
		}
		take(ref.Decl)
		dir := filepath.Dir(ref.File.Path)
		ast.Inspect(ref.Decl.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				for _, arg := range call.Args {
					if id, ok := arg.(*ast.Ident); ok {
						if fd := passable[dirName{dir, id.Name}]; fd != nil {
							take(fd)
						}
					}
				}
			}
			return true
		})
	}
	if parse && !credential {
		// The reads the parse itself makes (strconv.Atoi(os.Getenv(…))),
		// when there are such: another unset variable on the way is
		// not the one parsed.
		return parsingReads(out)
	}
	return out
}

// parseCall finds a parse of a text into a number, a flag or a duration.
var parseCall = regexp.MustCompile(`\bstrconv\.(?:Atoi|Parse\w+)\(|\btime\.ParseDuration\(`)

// parsingReads keeps the reads whose line parses what they read, when
// one does.
func parsingReads(reads []SettingRead) []SettingRead {
	var out []SettingRead
	for _, sr := range reads {
		if lines := sr.File.Lines(); sr.Line >= 1 && sr.Line <= len(lines) && parseCall.MatchString(lines[sr.Line-1]) {
			out = append(out, sr)
		}
	}
	if len(out) == 0 {
		return reads
	}
	return out
}

// unsetEnvChunks gives the functions on the request's path that read an
// environment variable this process lacks, for an error about a key, a
// secret or a token.
func (m *Module) unsetEnvChunks(r *report.Report, s *staticSet) []report.Chunk {
	return s.leadFuncChunks(readers(m.UnsetEnvReads(r, s.requestReach(r))), report.ReasonSetting)
}
