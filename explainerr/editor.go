package explainerr

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/page"
	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/stack"
)

// editorPresets are the editors whose URL schemes work without extra set-up
// once the editor is installed. {file} is the absolute path, {line} the line.
var editorPresets = map[string]string{
	"vscode":          "vscode://file/{file}:{line}",
	"vscode-insiders": "vscode-insiders://file/{file}:{line}",
	"cursor":          "cursor://file/{file}:{line}",
	"windsurf":        "windsurf://file/{file}:{line}",
	"zed":             "zed://file/{file}:{line}",
	// The JetBrains IDEs register their own scheme each (through the
	// Toolbox App, or the IDE on macOS).
	"goland":    "goland://open?file={file}&line={line}",
	"idea":      "idea://open?file={file}&line={line}",
	"jetbrains": "goland://open?file={file}&line={line}",
	"phpstorm":  "phpstorm://open?file={file}&line={line}",
	"pycharm":   "pycharm://open?file={file}&line={line}",
	"webstorm":  "webstorm://open?file={file}&line={line}",
}

// forbiddenSchemes are URL schemes an editor template may not use: they
// run code or carry content in the page instead of opening an editor.
var forbiddenSchemes = []string{"javascript", "data", "vbscript", "blob"}

// editorLinks turns a file and line into a link that opens the editor
// there.
type editorLinks struct {
	template string
	// root resolves relative paths (retrieved chunks name files relative
	// to the module root).
	root string
	maps []pathMap
}

// pathMap replaces a path prefix: a path as the program sees it (in a
// container, in WSL) and the same place as the editor sees it.
type pathMap struct{ from, to string }

// newEditorLinks returns the link maker for spec (a preset name or a
// template) and path mappings ("/in/container=/on/host"); nil when spec is
// empty. A template must be an absolute URL with {file}, and not use a
// scheme that runs code (javascript:, data:, vbscript:, blob:).
func newEditorLinks(spec string, paths []string, root string) (*editorLinks, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return nil, nil
	}
	tmpl := spec
	if p, ok := editorPresets[strings.ToLower(spec)]; ok {
		tmpl = p
	} else if err := checkEditorTemplate(spec); err != nil {
		return nil, err
	}
	l := &editorLinks{template: tmpl, root: root}
	for _, m := range paths {
		m = strings.TrimSpace(m)
		if m == "" {
			continue
		}
		from, to, ok := strings.Cut(m, "=")
		from, to = strings.TrimSpace(from), strings.TrimSpace(to)
		if !ok || from == "" || to == "" {
			return nil, fmt.Errorf("explainerr: editor path mapping %q (EXPLAINERR_EDITOR_PATHS) is not of the form /in/program=/in/editor", m)
		}
		l.maps = append(l.maps, pathMap{from: slashed(from), to: slashed(to)})
	}
	return l, nil
}

// checkEditorTemplate accepts a URL template that opens an editor.
func checkEditorTemplate(t string) error {
	if !strings.Contains(t, "{file}") {
		return fmt.Errorf("explainerr: editor %q (EXPLAINERR_EDITOR) is neither a preset (%s) nor a URL template with {file} and {line}", t, presetNames())
	}
	scheme, _, ok := strings.Cut(t, ":")
	if !ok || !validScheme(scheme) {
		return fmt.Errorf("explainerr: editor template %q (EXPLAINERR_EDITOR) must start with a URL scheme, as in \"myeditor://open?file={file}&line={line}\"", t)
	}
	for _, bad := range forbiddenSchemes {
		if strings.EqualFold(scheme, bad) {
			return fmt.Errorf("explainerr: editor template %q (EXPLAINERR_EDITOR) uses the %s: scheme, which would run in the page instead of opening an editor", t, bad)
		}
	}
	rest := strings.NewReplacer("{file}", "", "{line}", "").Replace(t)
	for _, r := range rest {
		if !urlChar(r) {
			return fmt.Errorf("explainerr: editor template %q (EXPLAINERR_EDITOR) holds %q, which a URL cannot hold as it is: percent-encode it (only {file} and {line} are replaced)", t, r)
		}
	}
	return nil
}

// urlChar reports whether r may stand unencoded in a URL: letters, digits,
// the unreserved marks, the reserved delimiters (but for the quote and
// parentheses) and "%".
func urlChar(r rune) bool {
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' ||
		strings.ContainsRune("-._~:/?#[]@!$&*+,;=%", r)
}

// validScheme reports whether s is a URL scheme: a letter, then letters,
// digits, "+", "-" and ".".
func validScheme(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		letter := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
		if !letter && (i == 0 || !('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	return true
}

// presetNames lists the presets for messages.
func presetNames() string {
	return "vscode, vscode-insiders, cursor, windsurf, zed, goland, idea, jetbrains, phpstorm, pycharm, webstorm"
}

// link returns the URL that opens file at line, or "" when file is not a
// path the editor can open (a trimmed path such as
// "example.com/app/main.go").
func (l *editorLinks) link(file string, line int) string {
	if l == nil || file == "" {
		return ""
	}
	p := slashed(file)
	if !isAbs(p) {
		if l.root == "" || !moduleRelative(p) {
			return ""
		}
		p = slashed(filepath.Join(l.root, file))
	}
	p = l.mapPath(p)
	esc := escapeEditorPath(p)
	out := l.template
	if i := strings.Index(out, "/{file}"); i >= 0 && strings.HasPrefix(esc, "/") {
		// "vscode://file/{file}" and "/home/me/app.go": one slash.
		esc = esc[1:]
	}
	if line < 1 {
		line = 1
	}
	out = strings.ReplaceAll(out, "{file}", esc)
	return strings.ReplaceAll(out, "{line}", strconv.Itoa(line))
}

// mapPath applies the longest matching path mapping.
func (l *editorLinks) mapPath(p string) string {
	best := -1
	for i, m := range l.maps {
		if (p == m.from || strings.HasPrefix(p, strings.TrimSuffix(m.from, "/")+"/")) && (best < 0 || len(m.from) > len(l.maps[best].from)) {
			best = i
		}
	}
	if best < 0 {
		return p
	}
	m := l.maps[best]
	rest := strings.TrimPrefix(p, strings.TrimSuffix(m.from, "/"))
	return strings.TrimSuffix(m.to, "/") + rest
}

// moduleRelative reports whether a relative slashed path names a file
// under the module root ("internal/db.go"), not a path trimmed to its
// import path ("example.com/app/db.go", whose first element has a dot) or
// one outside the root.
func moduleRelative(p string) bool {
	first, rest, nested := strings.Cut(p, "/")
	return first != ".." && !(nested && rest != "" && strings.Contains(first, "."))
}

// slashed writes a path with forward slashes.
func slashed(p string) string { return strings.ReplaceAll(p, `\`, "/") }

// isAbs reports whether a slashed path is absolute on Unix or Windows
// ("/home/me", "C:/Users/me").
func isAbs(p string) bool {
	return strings.HasPrefix(p, "/") || len(p) >= 3 && p[1] == ':' && p[2] == '/' &&
		('a' <= p[0] && p[0] <= 'z' || 'A' <= p[0] && p[0] <= 'Z')
}

// escapeEditorPath percent-encodes everything in p but unreserved
// characters, "/" and ":", so that the path is safe both in a URL's path
// and in its query.
func escapeEditorPath(p string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
			c == '-' || c == '.' || c == '_' || c == '~' || c == '/' || c == ':' {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

// moduleRoot returns the directory of the go.mod that holds the working
// directory, or "" when there is none.
func moduleRoot() string {
	wd, err := os.Getwd()
	if err != nil {
		return ""
	}
	_, root := stack.ModuleAt(wd)
	return root
}

// startPage writes the top of the HTML page of rep (page.Start), with
// editor links when an editor is configured.
func (ex *Explainer) startPage(w io.Writer, rep redact.Sealed, nonce string) error {
	if ex.editor == nil {
		return page.Start(w, rep, nonce)
	}
	return page.StartLinked(w, rep, nonce, ex.editor.link)
}
