package appsource

import (
	"go/ast"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/logrecord"
	"github.com/explainerr/explainerr/explainerr/report"
)

// templateAt finds "template: NAME:LINE" in an error message, as
// text/template and html/template write it, html/template's escaping
// errors' "html/template:NAME:LINE:COL" (a name may hold a directory),
// and an app's own "template NAME: …" with no line.
//
// html/template's execution error names the template as its set does,
// which an engine may give without the file's extension ("template:
// views/list:18:9: executing …").
var templateAt = regexp.MustCompile(`template:? ?([\w./-]+\.(?:html|tmpl|gohtml|tpl|txt))(?::(\d+))?|template: ([\w./-]+):(\d+):\d+: executing`)

// executedTemplate finds a template file an app's message says it could
// not execute: "could not execute index.html", "failed to execute
// template \"home.tmpl\"".
var executedTemplate = regexp.MustCompile(`(?i)\bexecut\w*\s+(?:the\s+)?(?:template\s+)?\\?["']?([\w./-]+\.(?:html|tmpl|gohtml|tpl))\b`)

// evaluatedField matches the field a template's execution error names.
var evaluatedField = regexp.MustCompile(`can't evaluate field (\w+)`)

// maxTemplate is the longest template shown whole; a longer one is shown
// around the failing line.
const maxTemplate = 1500

// templateWindow returns the template an error message (its own, or one
// the request logged) names at a line,
// read from the module's files below near (the failing package's
// directory) or else anywhere in the module; false when there is none.
func (m *Module) templateWindow(r *report.Report, near string) (report.Chunk, bool) {
	// The error's own words, else those the request logged (an app that
	// answers "Error executing template" and logs why).
	var msg string
	var mm []string
	for _, m := range append([]string{r.Error.Message + "\n" + strings.Join(r.Error.Chain, "\n")}, errorMessages(r)...) {
		if mm = templateAt.FindStringSubmatch(m); mm != nil {
			msg = m
			break
		}
	}
	if mm == nil {
		// An app's own words for a template's execution that failed
		// ("could not execute index.html"), with no line.
		for _, m := range append([]string{r.Error.Message}, errorMessages(r)...) {
			if em := executedTemplate.FindStringSubmatch(m); em != nil {
				msg, mm = m, []string{em[0], em[1], ""}
				break
			}
		}
	}
	if mm == nil {
		return report.Chunk{}, false
	}
	if mm[1] == "" {
		mm = []string{mm[0], mm[3], mm[4]} // a name without its extension
	}
	line, _ := strconv.Atoi(mm[2])
	symbol := mm[1]
	path := FindTemplateFile(near, mm[1])
	if path == "" {
		path = FindTemplateFile(m.Root, mm[1])
	}
	data, err := os.ReadFile(path)
	if path == "" || err != nil {
		return report.Chunk{}, false
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	// A set parsed as one may name its first file while the node that
	// failed is in the template executing names ({{define "form"}} in
	// another file): when the named line does not hold the expression,
	// the file that defines that template and holds it is the one.
	if ex := templateExec.FindStringSubmatch(msg); ex != nil && (line < 1 || line > len(lines) || !strings.Contains(lines[line-1], ex[2])) {
		if p, at, ok := m.TemplateDefining(ex[1], ex[2]); ok {
			if d, err := os.ReadFile(p); err == nil {
				path, line, symbol = p, at, ex[1]
				data, lines = d, strings.Split(strings.TrimRight(string(d), "\n"), "\n")
			}
		}
	}
	if line < 1 {
		// No line: the one that reads the field the message names, else
		// the one with the most actions (where the template's logic is).
		line = 1
		if f := evaluatedField.FindStringSubmatch(msg); f != nil {
			for i, l := range lines {
				if strings.Contains(l, "."+f[1]) {
					line = i + 1
					break
				}
			}
		} else {
			most := 0
			for i, l := range lines {
				if n := strings.Count(l, "{{"); n > most {
					line, most = i+1, n
				}
			}
		}
	}
	return m.templateChunk(path, len(data), lines, line, symbol, report.ReasonFrame), true
}

// templateChunk shows a template file of size bytes, its lines, as a
// template chunk: whole when it is short, else around line.
func (m *Module) templateChunk(path string, size int, lines []string, line int, symbol, reason string) report.Chunk {
	start, end := 1, len(lines)
	if size > maxTemplate {
		start, end = max(1, line-frameBefore), min(len(lines), line+frameAfter)
	}
	return report.Chunk{
		File: m.Rel(path), StartLine: start, EndLine: end, Symbol: symbol, Kind: "template",
		Reason: reason, Text: strings.Join(lines[start-1:end], "\n"),
	}
}

// templateType finds the type a template error names as the data's
// ("can't evaluate field Title in type *store.Post"): its package name,
// when written, and its name.
var templateType = regexp.MustCompile(`executing "[^"]*" at <[^>]*>: .*\bin type \*?(?:(\w+)\.)?(\w+)\b`)

// templateDataType returns the declaration of the module type a template
// error says the template was given, marked report.ReasonTemplate: where
// the field the template asks for is to be added, or whose fields the
// template must use.
func (s *staticSet) templateDataType(r *report.Report) (report.Chunk, bool) {
	for _, msg := range errorMessages(r) {
		mm := templateType.FindStringSubmatch(report.AnalysedText(msg))
		if mm == nil {
			continue
		}
		pkg, name := mm[1], mm[2]
		for _, f := range s.m.Files {
			if pkg != "" && f.Package() != pkg {
				continue
			}
			if t, ok := s.m.Type(filepath.Dir(f.Path), name); ok {
				c := s.typeChunk(t)
				c.Reason = report.ReasonTemplate
				return c, true
			}
		}
		return report.Chunk{}, false
	}
	return report.Chunk{}, false
}

// maxTemplateWalk bounds the directory entries looked at to find a
// template.
const maxTemplateWalk = 20000

// FindTemplateFile returns the path of the template file called name
// below dir (FindFile); a name without a template's extension, as an
// engine that strips it names its templates ("views/index" of
// views/index.html), is tried with each, and then in lower case (a set
// named "Login" parsed from login.html).
func FindTemplateFile(dir, name string) string {
	base := filepath.Base(name)
	if path := FindFile(dir, base); path != "" || templateExts[filepath.Ext(base)] {
		return path
	}
	// A set named as the app likes ("Login"), parsed from a file named in
	// lower case (login.html).
	for _, b := range []string{base, strings.ToLower(base)} {
		for _, ext := range []string{".html", ".tmpl", ".gohtml", ".tpl"} {
			if path := FindFile(dir, b+ext); path != "" {
				return path
			}
		}
		if b == strings.ToLower(b) {
			break
		}
	}
	return ""
}

// FindFile returns the path of the first file called name below dir (not
// in vendor, hidden or node_modules directories), "" when there is none;
// it looks at no more than 20000 directory entries.
func FindFile(dir, name string) string {
	found, walked := "", 0
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if walked++; walked > maxTemplateWalk || found != "" {
			return filepath.SkipAll
		}
		if d.IsDir() {
			if n := d.Name(); path != dir && (n == "vendor" || n == "node_modules" || strings.HasPrefix(n, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Name() == name {
			found = path
		}
		return nil
	})
	return found
}

// genericFailure matches a message that says only that the server failed.
var genericFailure = regexp.MustCompile(`(?i)^\s*(?:\d{3}(?:\s.*)?|.*\b(?:internal )?server error\b.*|.*something went wrong.*|.*unexpected error.*)?\s*$`)

// templateName matches a string literal that names a template file.
var templateName = regexp.MustCompile(`^[\w./-]+\.(?:html|tmpl|gohtml|tpl)$`)

// renderedTemplate returns, for a failure whose messages say no more than
// that the server failed (a template that does not execute is often
// answered 500 by code that drops its error) or speak of a template
// without naming its line, the template file the route's handler renders
// by a literal name, marked report.ReasonTemplate.
func (m *Module) renderedTemplate(r *report.Report, rt Route) (report.Chunk, bool) {
	for _, msg := range failureWords(r) {
		if templateAt.MatchString(msg) {
			return report.Chunk{}, false // templateWindow shows it
		}
		if !strings.Contains(msg, "template") && !genericFailure.MatchString(msg) {
			return report.Chunk{}, false
		}
	}
	var body ast.Node = rt.Lit
	if rt.Handler != nil {
		body = rt.Handler
	}
	if body == nil {
		return report.Chunk{}, false
	}
	name := ""
	ast.Inspect(body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && name == "" {
			if v, err := strconv.Unquote(lit.Value); err == nil && templateName.MatchString(v) {
				name = v
			}
		}
		return name == ""
	})
	if name == "" {
		return report.Chunk{}, false
	}
	path := FindFile(m.Root, filepath.Base(name))
	data, err := os.ReadFile(path)
	if path == "" || err != nil {
		return report.Chunk{}, false
	}
	text := strings.TrimRight(string(data), "\n")
	if len(text) > maxTemplate {
		text = text[:maxTemplate]
		if i := strings.LastIndexByte(text, '\n'); i > 0 {
			text = text[:i]
		}
	}
	return report.Chunk{
		File: m.Rel(path), StartLine: 1, EndLine: 1 + strings.Count(text, "\n"), Symbol: name, Kind: "template",
		Reason: report.ReasonTemplate, Text: text,
	}, true
}

// failureWords returns the texts that may say what failed: the error's
// own (ownMessages) and the request's log lines, but for structured
// records at a level that reports no failure ("request completed" at
// info).
func failureWords(r *report.Report) []string {
	msgs := ownMessages(r)
	for _, l := range r.Logs {
		rec, ok := logrecord.Parse(l.Text)
		switch {
		case !ok:
			msgs = append(msgs, l.Text)
		case rec.Error == "" && logrecord.QuietLevel(rec.Level):
		default:
			msgs = append(msgs, rec.Error, rec.Message)
		}
	}
	return msgs
}

// templateExec finds the template an execution error names and the
// expression it failed at: executing "form" at <$l.Desc>.
var templateExec = regexp.MustCompile(`executing "([^"]+)" at <([^>]+)>`)

// templateExts are the extensions of template files.
var templateExts = map[string]bool{".html": true, ".tmpl": true, ".gohtml": true, ".tpl": true}

// maxTemplateFiles bounds the template files read to find a definition.
const maxTemplateFiles = 500

// TemplateDefining returns the template file of the module that defines
// the template name ({{define "name"}}, or is called name with its
// extension) and holds expr, with the line of expr; false when none does.
func (m *Module) TemplateDefining(name, expr string) (string, int, bool) {
	define := regexp.MustCompile(`\{\{-?\s*(?:define|block)\s+"` + regexp.QuoteMeta(name) + `"`)
	found, at, walked, files := "", 0, 0, 0
	filepath.WalkDir(m.Root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if walked++; walked > maxTemplateWalk || files > maxTemplateFiles || found != "" {
			return filepath.SkipAll
		}
		if d.IsDir() {
			if n := d.Name(); path != m.Root && (n == "vendor" || n == "node_modules" || strings.HasPrefix(n, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		ext := filepath.Ext(path)
		if !templateExts[ext] {
			return nil
		}
		files++
		data, err := os.ReadFile(path)
		if err != nil || len(data) > 1<<20 {
			return nil
		}
		text := string(data)
		if !define.MatchString(text) && strings.TrimSuffix(filepath.Base(path), ext) != name {
			return nil
		}
		for i, l := range strings.Split(text, "\n") {
			if strings.Contains(l, expr) {
				found, at = path, i+1
				return filepath.SkipAll
			}
		}
		return nil
	})
	return found, at, found != ""
}
