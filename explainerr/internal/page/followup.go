package page

import (
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// FollowUp is one follow-up question about a failure and the model's
// answer, as the page shows it. Every field is untrusted text.
type FollowUp struct {
	Time     time.Time
	Question string
	// Answer is the model's reply in Markdown ("" when it failed).
	Answer   string
	Provider string
	Model    string
	// Error says why there is no (complete) answer.
	Error string
}

// FollowUps is the follow-up part of a report page.
type FollowUps struct {
	// AskURL is where the question box posts (POST, JSON); "" shows no
	// box: no model is configured.
	AskURL string
	// MaxQuestion is the longest question taken, in bytes; 0 sets no
	// limit in the page.
	MaxQuestion int
	// Done are the questions asked so far, oldest first.
	Done []FollowUp
}

// FollowUpHeaders prepares h for a report page that offers the follow-up
// box and returns the nonce to render it with: like Headers, but the
// page's script may also fetch from its own origin (to post a question and
// read the streamed answer).
func FollowUpHeaders(h http.Header) (nonce string) {
	nonce = Headers(h)
	h.Set("Content-Security-Policy", ContentSecurityPolicy(nonce)+"; connect-src 'self'")
	return nonce
}

// WriteFollowUps writes the follow-up section of a report page: the
// questions asked so far with their answers, and, when f.AskURL is set, a
// box to ask one more. The box is hidden until the page's script shows it
// (it posts with fetch and streams the answer in), so that a page without
// script offers nothing that cannot work. With no box and no question
// asked it writes nothing.
func WriteFollowUps(w io.Writer, f FollowUps) error {
	if f.AskURL == "" && len(f.Done) == 0 {
		return nil
	}
	var b strings.Builder
	writeFollowUps(&b, f)
	_, err := io.WriteString(w, b.String())
	return err
}

// writeFollowUps writes the section for WriteFollowUps.
func writeFollowUps(b *strings.Builder, f FollowUps) {
	esc := func(s string) { htmlText.WriteString(b, s) }
	b.WriteString("\n<section class=\"followup\" id=\"followup\" aria-label=\"Follow-up questions\">\n<h2>")
	if f.AskURL != "" {
		b.WriteString("Ask a follow-up <small>the model sees this failure, its explanation and the questions before</small>")
	} else {
		b.WriteString("Follow-up questions")
	}
	b.WriteString("</h2>\n<div class=\"followups\" aria-live=\"polite\">")
	for _, d := range f.Done {
		writeFollowUp(b, d)
	}
	b.WriteString("</div>")
	if f.AskURL != "" {
		b.WriteString("\n<form class=\"ask\" data-ask=\"")
		esc(f.AskURL)
		b.WriteString("\" hidden>\n<label for=\"ask-question\">Your question</label>\n<textarea id=\"ask-question\" name=\"question\" rows=\"3\" required")
		if f.MaxQuestion > 0 {
			b.WriteString(" maxlength=\"")
			b.WriteString(strconv.Itoa(f.MaxQuestion))
			b.WriteString("\"")
		}
		b.WriteString(" placeholder=\"Why is this value nil here? Where should it be set?\"></textarea>\n" +
			"<div class=\"ask-row\"><button type=\"submit\" class=\"btn btn-ask\">Ask</button>" +
			"<span class=\"muted small\">Secrets in the question are redacted before it is sent or kept.</span></div>\n</form>\n" +
			"<noscript><p class=\"muted\">Asking a follow-up needs JavaScript.</p></noscript>")
	}
	b.WriteString("\n</section>")
}

// FollowUpHTML returns the markup of one answered question, as the
// follow-up section shows it: the page's script puts it in place of the
// streamed answer once the answer is complete.
func FollowUpHTML(f FollowUp) string {
	var b strings.Builder
	b.Grow(len(f.Question) + 2*len(f.Answer) + len(f.Error) + 512)
	writeFollowUp(&b, f)
	return b.String()
}

// writeFollowUp writes one question and its answer.
func writeFollowUp(b *strings.Builder, f FollowUp) {
	esc := func(s string) { htmlText.WriteString(b, s) }
	b.WriteString("\n<div class=\"qa\">\n<p class=\"q\"><span class=\"muted\">You asked</span> ")
	esc(f.Question)
	b.WriteString("</p>\n<p class=\"provider\">")
	who := f.Model
	if who == "" {
		who = f.Provider
	}
	if who != "" {
		b.WriteString("<span class=\"tag tag-model\">Answered by ")
		esc(who)
		b.WriteString("</span>")
	}
	if !f.Time.IsZero() {
		b.WriteString(" <span class=\"muted time\">")
		esc(f.Time.Local().Format("2006-01-02 15:04:05"))
		b.WriteString("</span>")
	}
	b.WriteString("</p>")
	// An incomplete answer is shown first, then what cut it short.
	if strings.TrimSpace(f.Answer) != "" {
		b.WriteString("\n<div class=\"md\">")
		b.WriteString(string(RenderMarkdown(f.Answer)))
		b.WriteString("</div>")
	}
	if f.Error != "" {
		b.WriteString("\n<div class=\"ex-error\" role=\"alert\"><strong>")
		if strings.TrimSpace(f.Answer) != "" {
			b.WriteString("The answer is incomplete:")
		} else {
			b.WriteString("The model could not answer:")
		}
		b.WriteString("</strong> ")
		esc(f.Error)
		b.WriteString("</div>")
	}
	b.WriteString("\n</div>")
}
