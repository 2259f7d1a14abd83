package offline

import (
	"path/filepath"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/corpus"
)

// fileErrorPass explains a file the app cannot open.
var fileErrorPass = &pass{
	name:    "file-error",
	doc:     "A file that does not exist or may not be read: the path, the directory it is relative to, and the code that built it.",
	classes: []Class{ClassFileNotFound, ClassFilePermission},
	needs:   []need{needModule},
	explain: always((*analysis).fileError),
}

// A file the app opens that is not there is either the app's mistake (a
// path relative to a working directory it was not started in, a file
// never deployed) or an expected miss (a file per record, named from the
// request, for a record that has none): the second is the client's 404,
// not a 500.

// reFileCall finds a call that opens or reads a file by path.
const reFileCall = `\b(?:os\.(?:ReadFile|Open|OpenFile|Create|Stat|Lstat|Remove|ReadDir|Mkdir|MkdirAll)|ioutil\.ReadFile|template\.ParseFiles|ParseFiles|ParseGlob|http\.ServeFile)\(`

// fileError explains "open PATH: no such file or directory" and
// "permission denied".
func (a *analysis) fileError() {
	path, op := a.f.Captures["path"], a.f.Captures["op"]
	a.culprit = path
	call, hasCall := corpus.Line{}, false
	if w, _, ok := a.s.ErrorOrigin(); ok && compiled(reFileCall).MatchString(w.Text) {
		call, hasCall = a.siteLine(w), true
	}
	fromRequest := hasCall && compiled(reRequestKey).MatchString(call.Text)
	if hasCall {
		// The path may be built from a name set from the request above.
		for _, w := range wordPattern.FindAllString(call.Text, -1) {
			if _, rhs, ok := a.valueSource(w); ok && compiled(reRequestKey).MatchString(rhs) {
				fromRequest = true
			}
		}
	}
	if a.f.Class == ClassFilePermission {
		a.headline("Permission denied: "+code(path), "Permission denied")
		a.why("The app tried to " + op + " " + code(path) + " and the operating system refused: the user the server runs as may not read (or write) it, or a directory on the way.")
		if hasCall {
			a.why("The call is at " + quoteLine(call) + ".")
		}
		a.fix("Give the server's user access to " + code(path) + " (its mode and owner, and those of the directories above it), or keep the file where the server may read it.")
		return
	}
	a.headline("File not found: "+code(path), "File not found")
	a.why("The app tried to " + op + " " + code(path) + ", and there is no such file.")
	if l, flags, ok := a.openWithoutCreate(); ok && op == "open" && !fromRequest {
		a.g.Add(flags, "os.O_CREATE")
		a.why(code(l.Func) + " opens it for writing at " + a.cite(l) + " with " + code(flags) + ", without " + code("os.O_CREATE") + ": a file that is not there yet is never made, so every new file fails this way.")
		a.fix("Add " + code("os.O_CREATE") + " to the flags at " + code(a.fileLoc(l.Path, l.Line)) + " (" + code(flags+"|os.O_CREATE") + "), so that the file is made when it is not there.")
		return
	}
	if hasCall {
		a.why("The call is at " + quoteLine(call) + ".")
	}
	if !filepath.IsAbs(path) && !strings.HasPrefix(path, "/") && !compiled(`^[A-Za-z]:[\\/]`).MatchString(path) {
		a.why("The path is relative: it is resolved against the directory the server was started in, not against the source file's directory.")
	}
	if fromRequest {
		a.why("The path is built from the request, so a client asking for something that has no file gets this error: that is a missing resource, not a server failure.")
		a.g.Add("errors", "Is", "fs", "ErrNotExist") // the names the snippet uses
		a.fix(block("Answer a missing file with 404 Not Found:", a.answerAndReturn("if errors.Is(err, fs.ErrNotExist) {", "\thttp.Error(w, http.StatusText(http.StatusNotFound), http.StatusNotFound)")...),
			"Check "+code("errors.Is(err, fs.ErrNotExist)")+" and answer 404 Not Found.")
	}
	a.fix("If the file must exist, build its path from a configured directory (a setting, or an absolute path) rather than the working directory, and check at startup that it is there.")
}
