package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestTemplateEscapeIsNoParseError: html/template's escaper rejecting a
// template that parsed is said so, with the unclosed quote its contexts
// point at, and a test that executes the template, not one that parses it.
func TestTemplateEscapeIsNoParseError(t *testing.T) {
	r := panicReport("*template.Error", `html/template:settings.html:137:42: {{if}} branches end in different contexts: {stateTag delimNone urlPartNone}, {stateAttr delimDoubleQuote urlPartNone}`,
		report.Frame{Function: "main.settings", File: "/app/views.go", Line: 40, Kind: report.FrameApp})
	r.Error.Kind = report.KindError
	text := Analyze(r)
	mustHave(t, text, "html/template could not escape `settings.html`", "The template parsed", "ends inside a quoted attribute value", "Execute each template in a test")
	mustLack(t, text, "does not parse", "Fix the syntax")
}
