package offline

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/corpus"
	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/draft"
)

// templatePass explains html/template and text/template errors.
var templatePass = &pass{
	name:    "template",
	doc:     "A template that failed to parse or execute (an undefined template or function, a missing key, a field the data lacks, a nil pointer): the template line the error names, the data the handler passes and the field or template it does have.",
	classes: []Class{ClassTemplateUndef, ClassTemplateFunc, ClassTemplateParse, ClassTemplateNoKey, ClassTemplateField, ClassTemplateNil, ClassTemplateExec, ClassTemplateEscape},
	needs:   []need{needModule, needTemplates},
	explain: always((*analysis).template),
}

// writesTheResponse reports whether the line that runs the template, as
// the window shows it, writes straight into the response: its first
// argument is the handler's http.ResponseWriter (w, rw, c.Writer, …), not
// a buffer (Execute(&buf, …), or a variable the window declares as a
// bytes.Buffer or strings.Builder). When the window does not show the
// call, or its writer cannot be told, it reports false: buffering is
// advised only where the code visibly does not buffer.
func (a *analysis) writesTheResponse() bool {
	w, ok := a.s.LineMatching(executeCall)
	if !ok {
		return false
	}
	m := executeCall.FindStringSubmatch(w.Text)
	if m == nil || strings.HasPrefix(m[1], "&") {
		return false
	}
	arg := strings.TrimSpace(m[1])
	if _, buffered := a.s.LineMatching(compiled(`\b` + regexp.QuoteMeta(arg) + `\s*:?=\s*(?:new\((?:bytes\.Buffer|strings\.Builder)\)|&?(?:bytes\.Buffer|strings\.Builder)\{|bytes\.NewBuffer)|\bvar\s+` + regexp.QuoteMeta(arg) + `\s+(?:bytes\.Buffer|strings\.Builder)\b`)); buffered {
		return false
	}
	return responseWriterArg.MatchString(arg)
}

// executeCall matches a line that runs a template; its group is the
// writer argument.
var executeCall = regexp.MustCompile(`\.Execute(?:Template)?\(\s*([^,()]+)`)

// responseWriterArg matches the usual names of a handler's response
// writer.
var responseWriterArg = regexp.MustCompile(`^(?:w|rw|resp|res|writer|responseWriter|c\.Writer|ctx\.Writer|c\.Response\(\)(?:\.Writer)?)$`)

// templateFileName matches the usual template file names.
var templateFileName = regexp.MustCompile(`^[\w./-]+\.(?:html|tmpl|gohtml|tpl|txt)$`)

// wrongArgCount matches text/template's words for a function called with
// too few or too many arguments: its name, the count it takes and the
// count it was given.
var wrongArgCount = regexp.MustCompile(`wrong number of args for (\w+): want (\d+) got (\d+)`)

// inlineTemplateAction returns the line of the one string literal of the
// module that writes the action ({{PathEscape}}), for a template made in
// code; false when none or several do.
func (a *analysis) inlineTemplateAction(action string) (sourceLine, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return sourceLine{}, false
	}
	pattern := compiled(`\{\{-?\s*` + regexp.QuoteMeta(action) + `\s*-?\}\}`)
	lits := src.stringLits(pattern)
	if len(lits) != 1 {
		return sourceLine{}, false
	}
	return src.litLine(lits[0], pattern), true
}

// templateLine returns the line the error names inside a template, from
// the retrieved chunks or windows whose file is the template.
func (a *analysis) templateLine(name string, line int) (corpus.Line, bool) {
	if name == "" || line <= 0 {
		return corpus.Line{}, false
	}
	for _, l := range a.c {
		if l.Number == line && (l.File == name || l.File == baseName(name)) {
			return l, true
		}
	}
	return corpus.Line{}, false
}

// template explains html/template and text/template errors.
func (a *analysis) template() {
	caps := a.f.Captures
	tname, action := caps["tname"], caps["action"]
	tline := atoi(caps["tline"])
	at := ""
	if tname != "" && tline > 0 {
		at = code(loc(tname, tline))
	}
	src, hasSrc := a.templateLine(tname, tline)
	if !hasSrc {
		src, hasSrc = a.templateFromDisk(tname, tline)
		if hasSrc && src.File != baseName(tname) {
			// The set names it without its file's extension.
			at = code(loc(src.File, tline))
		}
	}
	if l, ok := a.definingTemplate(action, src, hasSrc); ok {
		// The set named its first file; the action is in the file that
		// defines the template the error says was executing.
		tname, tline, src, hasSrc = l.File, l.Number, l, true
		at = code(loc(tname, tline))
	}
	inline, isInline := sourceLine{}, false
	if tname == "" && action != "" {
		// A template made in code (template.New("")) from a string:
		// the action is written in one of the module's literals.
		inline, isInline = a.inlineTemplateAction(action)
		if isInline {
			at = "the template written at " + a.cite(inline)
		} else {
			at = "line " + itoa(tline) + " of a template made in code"
		}
	}
	showSource := func() {
		if hasSrc {
			a.why("That template line reads " + code(strings.TrimSpace(src.Text)) + ".")
		}
	}
	if w, ok := a.s.LineMatching(executeCall); ok && w.Number != a.s.Line {
		a.d.Where = append(a.d.Where, draft.Item{"The template was run at " + quoteLine(a.siteLine(w)) + "."})
	}
	switch a.f.Class {
	case ClassTemplateField:
		field, typ := caps["field"], caps["type"]
		a.culprit = action
		a.headline("Template error: no field "+code(field)+" in "+code(typ), "Template error: unknown field")
		a.why("At " + at + " the action " + code("{{"+action+"}}") + " asks for " + code(field) + ", but the value there has type " + code(typ) + ", which has no exported field or method of that name. Templates look names up only when they run, so this fails at request time, not at startup.")
		showSource()
		members, hasMembers := typeMembers{}, false
		if src := a.app(); src != nil {
			members, hasMembers = src.membersOf(typ)
		}
		if hasMembers {
			a.explainMembers(typ, members)
		}
		where := ""
		if hasSrc && at != "" && !isInline {
			where = " at " + at
		}
		if s := closest(field, append(members.Fields, members.Methods...), 2); hasMembers && s != "" {
			a.why(code(s) + " is probably what was meant.")
			a.fix("Correct the name in the template" + where + ": " + code(field) + " → " + code(s) + ".")
		} else if s := nameEnding(field, members.Fields); hasMembers && s != "" {
			// {{.ReturnURL}} for a field URL: the field's name with a
			// word put before it.
			a.why(code(s) + ", the type's one field whose name " + code(field) + " ends with, is probably what was meant.")
			a.fix("Correct the name in the template" + where + ": " + code(field) + " → " + code(s) + ".")
		} else if s := closest(field, exported(a.c.Words()), 2); !hasMembers && s != "" {
			a.why("The code has " + code(s) + ", which is probably what was meant.")
			a.fix("Correct the name in the template: " + code(field) + " → " + code(s) + ".")
		} else {
			a.fix("Correct the name in the template" + where + " to a field or method that " + code(typ) + " has (exported, so it starts with a capital letter).")
		}
		a.fix("Or add the field or method to the type, if the template is right.")
	case ClassTemplateNil:
		field, typ := caps["field"], caps["type"]
		holder := strings.TrimSuffix(action, "."+field)
		a.culprit = holder
		a.headline("Template error: "+code(holder)+" is nil", "Template error: nil pointer")
		a.why("At " + at + " the action " + code("{{"+action+"}}") + " reads " + code(field) + " from " + code(holder) + ", which is a nil " + code(typ) + ".")
		showSource()
		if holder != "" && holder != "." {
			a.fix("Guard it in the template: " + code("{{with "+holder+"}}{{."+field+"}}{{end}}") + ".")
		}
		a.fix("Or make sure the handler fills it in before running the template.")
	case ClassTemplateNoKey:
		key := caps["key"]
		a.culprit = key
		a.headline("Template error: map has no key "+code(key), "Template error: missing map key")
		a.why("At " + at + " the action " + code("{{"+action+"}}") + " reads the key " + code(key) + " from a map that does not have it, and the template was set up with the option missingkey=error, which turns a missing key into an error.")
		showSource()
		if c := a.s.Caller; c != nil && strings.TrimSpace(c.Source.LineText()) != "" {
			a.fix("Add " + code(`"`+key+`"`) + " to the data " + code(enclosingFunc(shortFunction(c.Function))) + " passes at " + code(a.fileLoc(c.File, c.Line)) + ", or stop using it in the template.")
		} else if l, ok := a.s.LineMatching(executeCall); ok {
			a.fix("Add " + code(key) + " to the data passed at " + quoteLine(a.siteLine(l)) + ".")
		} else {
			a.fix("Add " + code(key) + " to the map passed to the template.")
		}
		if s := closest(key, a.c.Words(), 2); s != "" {
			a.fix("Or, if it is a typo, use the key the code sets, probably " + code(s) + ".")
		}
	case ClassTemplateUndef:
		missing := caps["missing"]
		if missing == "" {
			missing = baseName(caps["pattern"])
		}
		a.culprit = missing
		a.headline("Template error: no template "+code(`"`+missing+`"`), "Template error: undefined template")
		a.why("The app asked for the template " + code(`"`+missing+`"`) + ", but no template of that name was parsed into this set. Names are the file's base name for files parsed with " + code("template.ParseFiles") + ", " + code("template.ParseGlob") + " or " + code("template.ParseFS") + ", or the name given in " + code(`{{define "..."}}`) + ".")
		if l, ok := a.c.First(compiled(regexp.QuoteMeta(`"` + missing + `"`))); ok {
			a.why("It is named at " + quoteLine(l) + ".")
		}
		names := append(a.c.QuotedNames(templateFileName), defineNames(a.c)...)
		if s := closest(missing, names, 3); s != "" {
			a.why("The code does use " + code(`"`+s+`"`) + ", which is probably what was meant.")
			a.fix("Correct the name: " + code(`"`+missing+`"`) + " → " + code(`"`+s+`"`) + ".")
		} else {
			a.fix("Use the exact name the template was parsed under, or add the file to the parse pattern.")
		}
		a.fix("Check that the parse pattern (the glob or file list) really includes the template's file.")
	case ClassTemplateFunc:
		fn := caps["fn"]
		a.culprit = fn
		a.headline("Template error: function "+code(`"`+fn+`"`)+" not defined", "Template error: undefined function")
		a.why("The template " + at + " calls " + code(`"`+fn+`"`) + ", but no function of that name was registered when it was parsed. Functions must be registered with " + code("template.FuncMap") + " through the template's Funcs method before parsing, or parsing fails.")
		showSource()
		keys := a.c.QuotedNames(compiled(`^\w+$`))
		if l, ok := a.c.First(compiled(`FuncMap\{`)); ok {
			registered := a.funcMapKeys(l)
			if len(registered) > 0 {
				keys = registered
				var quoted []string
				for _, k := range registered {
					quoted = append(quoted, code(`"`+k+`"`))
				}
				a.why("The functions are registered at " + quoteLine(l) + "; the names are " + strings.Join(quoted, ", ") + ".")
			} else {
				a.why("The functions are registered at " + quoteLine(l) + ".")
			}
		}
		if s := closest(fn, keys, 2); s != "" {
			a.fix("Correct the name in the template to the registered " + code(`"`+s+`"`) + ".")
		} else {
			a.fix("Correct the name in the template to one that is registered (a typo is the usual cause).")
		}
		a.fix("Or register the function in the " + code("template.FuncMap") + " before the templates are parsed.")
	case ClassTemplateEscape:
		detail := caps["detail"]
		a.culprit = tname
		a.headline("html/template could not escape "+code(tname), "Template escaping error")
		a.why("The template parsed, but html/template's escaper, which runs when the template is first executed, rejected it at " + at + ": " + code(shorten(detail, 300)) + ". It reads the HTML around the actions to choose how to escape each one, and the markup there leaves it in a state it cannot escape in.")
		showSource()
		switch {
		case strings.Contains(detail, "branches end in different contexts"):
			if strings.Contains(detail, "delimDoubleQuote") || strings.Contains(detail, "delimSingleQuote") {
				a.why("One branch of the " + code("{{if}}") + " ends inside a quoted attribute value and another does not: a quote opened in the markup of one branch (or after it) is not closed.")
			}
			a.fix("Make every branch of the " + code("{{if}}") + " that starts there end in the same HTML state: close each quote and tag a branch opens before its " + code("{{else}}") + " or " + code("{{end}}") + " (an unclosed attribute quote is the usual cause).")
		case strings.Contains(detail, "ends in a non-text context"):
			a.fix("Close the tag, attribute or quote the template leaves open at its end.")
		default:
			a.fix("Correct the markup around the action at that line so that html/template can tell where the action's value goes (an unclosed quote or tag, or an action inside an attribute name).")
		}
		a.fix("Execute each template in a test (a parse alone does not run the escaper), so that such markup fails the build instead of a request.")
	case ClassTemplateParse:
		detail := caps["detail"]
		a.culprit = tname
		a.headline("Template parse error in "+code(tname), "Template parse error")
		a.why("The template " + at + " does not parse: " + code(detail) + ".")
		showSource()
		switch {
		case strings.Contains(detail, "unclosed action"):
			a.fix("Close the action on that line with " + code("}}") + ".")
		case strings.Contains(detail, `unexpected "}"`):
			a.why("A single " + code("}") + " inside an action is not a closing delimiter: actions end with " + code("}}") + ".")
			a.fix("Close the action on that line with two braces, " + code("}}") + ".")
		case strings.Contains(detail, "unexpected EOF") || strings.Contains(detail, "missing end"):
			a.fix("Every " + code("{{if}}") + ", " + code("{{range}}") + ", " + code("{{with}}") + " and " + code("{{define}}") + " needs its own " + code("{{end}}") + ".")
		default:
			a.fix("Fix the syntax of the action at that line; the message says what the parser expected.")
		}
		a.fix("Templates are parsed at startup; parse them in a test too, so a syntax error fails the build instead of a request.")
	default:
		detail := caps["detail"]
		a.culprit = action
		a.headline("Template execution error", "Template error")
		if action != "" {
			a.why("Running the template failed at " + at + " in the action " + code("{{"+action+"}}") + ": " + code(detail) + ".")
		} else {
			a.why("Running the template failed: " + code(shorten(a.f.Message, 200)) + ".")
		}
		showSource()
		if strings.HasPrefix(detail, "error calling") {
			a.fix("A function called from the template returned an error; fix its input, or compute the value in the handler before running the template.")
		}
		if m := wrongArgCount.FindStringSubmatch(detail); m != nil {
			where := ""
			if isInline {
				where = " at " + code(a.fileLoc(inline.Path, inline.Line))
			}
			a.fix("Give " + code(m[1]) + " the " + m[2] + " argument(s) it takes in the action " + code("{{"+action+"}}") + where + " (it was called with " + m[3] + "), for example the pipeline's value: " + code("{{"+m[1]+" .}}") + ".")
		} else {
			a.fix("Check the action against the data the handler passes to the template.")
		}
	}
	if a.writesTheResponse() {
		a.fix("Render into a buffer first and only then write it, so a failing template does not leave a half-written page.")
	}
}

// exported returns the words that start with a capital letter.
func exported(words []string) []string {
	var out []string
	for _, w := range words {
		if w[0] >= 'A' && w[0] <= 'Z' {
			out = append(out, w)
		}
	}
	return out
}

// defineNames returns the names of {{define "name"}} blocks in the corpus.
func defineNames(c corpus.Corpus) []string {
	re := compiled(`\{\{-?\s*(?:define|block)\s+"([^"]+)"`)
	var out []string
	for _, l := range c {
		for _, m := range re.FindAllStringSubmatch(l.Text, -1) {
			out = append(out, m[1])
		}
	}
	return out
}

// funcMapKeys returns the names registered by the template.FuncMap literal
// that opens at l, as far as the corpus shows it.
func (a *analysis) funcMapKeys(l corpus.Line) []string {
	key := compiled(`"(\w+)"\s*:`)
	var out []string
	for _, cl := range a.c {
		if cl.File != l.File || cl.Number < l.Number || cl.Number > l.Number+30 {
			continue
		}
		for _, m := range key.FindAllStringSubmatch(cl.Text, -1) {
			out = append(out, m[1])
		}
		if cl.Number > l.Number && strings.TrimSpace(cl.Text) == "}" {
			break
		}
	}
	return out
}

// explainMembers says what a template's data type really has.
func (a *analysis) explainMembers(typ string, m typeMembers) {
	a.g.Add(m.Fields...)
	a.g.Add(m.Methods...)
	var fields, methods []string
	for _, f := range m.Fields {
		fields = append(fields, code(f))
	}
	for _, f := range m.Methods {
		methods = append(methods, code(f))
	}
	has := "no exported fields"
	if len(fields) > 0 {
		has = "the exported fields " + strings.Join(fields, ", ")
	}
	if len(methods) > 0 {
		has += " and the methods " + strings.Join(methods, ", ")
	}
	a.why(code(typ) + " has " + has + "; it is declared at " + a.cite(m.Decl) + ".")
}

// nameEnding returns the one name of names that ends field, a word or
// more shorter ("URL" for "ReturnURL"); "" when none or several do.
func nameEnding(field string, names []string) string {
	found := ""
	for _, n := range names {
		if n != field && len(n) >= 2 && strings.HasSuffix(field, n) && n[0] >= 'A' && n[0] <= 'Z' {
			if found != "" {
				return ""
			}
			found = n
		}
	}
	return found
}
