package checker

import (
	"fmt"
	"go/ast"
	"go/token"
	"net/http"
	"regexp"
	"strconv"
	"strings"
)

// KindStatus is a claim that a function answers with an HTTP status,
// said in prose: "answers a request of another method with 405 Method
// Not Allowed".
const KindStatus = "status"

var (
	// statusRe finds a status said with its reason ("405 Method Not
	// Allowed") or as a status ("status 405", "HTTP 405").
	statusRe = regexp.MustCompile(`(?i)\b([1-5]\d\d)\s+([A-Z][A-Za-z'-]*(?:\s+[A-Za-z'-]+){0,3})|\b(?:status(?:\s+code)?|HTTP)\s+([1-5]\d\d)\b`)
	// denialRe ends a text that denies what follows it: "never answers",
	// "not with a", "instead of a".
	denialRe = regexp.MustCompile(`(?i)\b(?:never|not|no|without|instead\s+of|rather\s+than|unlike)\s+(?:(?:a|an|the|with|answer|answers|answering|return|returns|respond|responds|reply|replies|send|sends|write|writes)\s+){0,3}$`)
)

// stdStatusHelpers are the standard library calls that answer a status
// of their own, by code.
var stdStatusHelpers = map[int][]string{
	http.StatusNotFound:              {"NotFound", "NotFoundHandler", "FileServer", "FileServerFS", "ServeFile", "ServeFileFS", "ServeContent"},
	http.StatusMovedPermanently:      {"Redirect", "RedirectHandler", "FileServer", "FileServerFS", "ServeFile"},
	http.StatusFound:                 {"Redirect", "RedirectHandler"},
	http.StatusSeeOther:              {"Redirect", "RedirectHandler"},
	http.StatusTemporaryRedirect:     {"Redirect", "RedirectHandler"},
	http.StatusPermanentRedirect:     {"Redirect", "RedirectHandler"},
	http.StatusNotModified:           {"ServeContent", "ServeFile", "FileServer"},
	http.StatusInternalServerError:   {"Error", "TimeoutHandler"},
	http.StatusServiceUnavailable:    {"TimeoutHandler"},
	http.StatusRequestEntityTooLarge: {"MaxBytesReader", "MaxBytesHandler"},
	http.StatusOK:                    {"Write", "ServeContent", "ServeFile", "FileServer"},
}

// statusArg gives, for the calls that take the status they answer, the
// argument that holds it.
var statusArg = map[string]int{"WriteHeader": 0, "Error": 2, "Redirect": 3, "JSON": 0, "String": 0, "Status": 0,
	"AbortWithStatus": 0, "AbortWithStatusJSON": 0, "AbortWithError": 0, "NoContent": 0, "HTML": 0, "Blob": 0, "SendStatus": 0, "NewHTTPError": 0}

// checkProseStatus judges the status a sentence about a function (the one
// it opens with) says it answers, in prose with its reason or as "status
// NNN": contradicted when neither the function nor a module function it
// reaches names that status's constant or writes its number, no
// standard-library helper they call answers it, and every status they
// pass to a writer (WriteHeader, http.Error, a framework's JSON) is a
// net/http constant or a number, so none could be it.
func (c *Checker) checkProseStatus(prose string, claims []Claim, results []Result) []Result {
	seen := map[int]bool{}
	for _, cl := range claims {
		if !lineable(cl) || cl.Kind == KindSignature || cl.Proposed {
			continue
		}
		from, to := sentenceAround(prose, cl.start)
		if seen[from] || !subjectLeadRe.MatchString(prose[from:cl.start]) || !c.directSubject(cl.Text) {
			continue
		}
		seen[from] = true
		// What comes before the status says whether it is claimed ("with
		// 405 …", not "should answer 405" or "never 405"); a contrast after
		// it ("instead of calling next") does not unsay it.
		rest := prose[cl.end:to]
		code, at := saidStatus(rest)
		if code == 0 || modalRe.MatchString(outsideCode(rest[:at])) || denialRe.MatchString(outsideCode(rest[:at])) {
			continue
		}
		funcs := c.subjectFuncs(cl.Text)
		if len(funcs) == 0 {
			continue
		}
		r := c.reach(funcs)
		if r.answersMaybe(code) {
			continue
		}
		name := lastName(cl.Text)
		claim := Claim{Text: fmt.Sprintf("%s answers %d", name, code), Kind: KindStatus, start: cl.start, end: to}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s and the functions it reaches never answer %d %s", name, code, http.StatusText(code))})
	}
	return results
}

// statusConstRe finds a status written as net/http's constant in a code
// span after a verb of answering or "status": "replies with
// `http.StatusTooManyRequests`".
var statusConstRe = regexp.MustCompile("(?i)\\b(?:answers?|answering|replies|reply|replying|responds?|responding|writes|writing|fails|status(?:\\s+code)?)\\s+(?:(?:with|through|using)\\s+)?(?:(?:the|a|an)\\s+)?(?:status\\s+(?:code\\s+)?)?`(?:http\\.)?(Status\\w+)`")

// saidStatus returns the first status rest says, with its reason as
// net/http writes it, as "status NNN" or as net/http's constant after a
// verb of answering, and where it starts; 0 when none.
func saidStatus(rest string) (int, int) {
	if mm := statusConstRe.FindStringSubmatchIndex(rest); mm != nil {
		if code := statusConstants[rest[mm[2]:mm[3]]]; code != 0 {
			if n, at := saidStatusInWords(rest[:mm[0]]); n != 0 {
				return n, at
			}
			return code, mm[0]
		}
	}
	return saidStatusInWords(rest)
}

// saidStatusInWords is saidStatus for a status with its reason or as
// "status NNN".
func saidStatusInWords(rest string) (int, int) {
	for _, mm := range statusRe.FindAllStringSubmatchIndex(rest, -1) {
		if mm[6] >= 0 {
			n, _ := strconv.Atoi(rest[mm[6]:mm[7]])
			if http.StatusText(n) != "" {
				return n, mm[0]
			}
			continue
		}
		n, _ := strconv.Atoi(rest[mm[2]:mm[3]])
		text := http.StatusText(n)
		if text != "" && strings.HasPrefix(strings.ToLower(rest[mm[4]:mm[5]]+" "), strings.ToLower(text)+" ") {
			return n, mm[0]
		}
	}
	return 0, 0
}

// answersMaybe reports whether the reached code may answer code: it names
// the status's constant or writes the number, calls a standard-library
// helper that answers it, or passes a status that is neither a constant
// nor a number to a writer.
func (r *reached) answersMaybe(code int) bool {
	for name := range r.names {
		if statusConstants[name] == code {
			return true
		}
	}
	for _, h := range stdStatusHelpers[code] {
		if r.names[h] {
			return true
		}
	}
	number := strconv.Itoa(code)
	found := false
	for _, f := range r.funcs {
		ast.Inspect(f.Decl, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				found = found || n.Kind == token.INT && n.Value == number
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok {
					if i, writes := statusArg[sel.Sel.Name]; writes && i < len(n.Args) && !knownStatus(n.Args[i]) {
						found = true
					}
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// knownStatus reports whether a writer's status argument is a number or
// a net/http Status constant: a status known where it is written.
func knownStatus(e ast.Expr) bool {
	switch v := e.(type) {
	case *ast.BasicLit:
		return v.Kind == token.INT
	case *ast.SelectorExpr:
		pkg, ok := v.X.(*ast.Ident)
		return ok && pkg.Name == "http" && strings.HasPrefix(v.Sel.Name, "Status")
	}
	return false
}

// statusConstants maps the name of each net/http Status constant whose
// name is its reason's words ("StatusMethodNotAllowed") to its code.
var statusConstants = func() map[string]int {
	out := map[string]int{}
	squeeze := strings.NewReplacer(" ", "", "-", "", "'", "")
	for code := 100; code < 600; code++ {
		if text := http.StatusText(code); text != "" {
			out["Status"+squeeze.Replace(text)] = code
		}
	}
	return out
}()
