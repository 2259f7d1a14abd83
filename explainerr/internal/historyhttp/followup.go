package historyhttp

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/explainerr/explainerr/explainerr/internal/engine"
	"github.com/explainerr/explainerr/explainerr/internal/guard"
	"github.com/explainerr/explainerr/explainerr/internal/history"
	"github.com/explainerr/explainerr/explainerr/internal/page"
	"github.com/explainerr/explainerr/explainerr/prompt"
)

// A follow-up question is posted to the report's URL plus askSuffix:
// POST /_explainerr/reports/{id}/ask with a JSON body {"question": "..."}.
// The answer streams back as newline-delimited JSON: {"delta": "..."} for
// each piece, then one {"done": true, ...} with the whole answer and its
// markup (see followUpDone). A request refused before the model is asked
// gets an error status with {"error": "..."}.
const askSuffix = "/" + askAction

// maxFollowUpBody bounds the body of a follow-up request.
const maxFollowUpBody = 16 << 10

// askAction is the report action that takes follow-up questions.
const askAction = "ask"

// askURL returns where the report page of id posts follow-up questions.
func askURL(id string) string { return ReportsPath + id + askSuffix }

// reportPageHeaders prepares h for a stored report's page and returns the
// nonce to render it with: the page's script may post questions when a
// model is configured.
func (s *Server) reportPageHeaders(h http.Header) (nonce string) {
	if s.Engine.CanFollowUp() {
		return page.FollowUpHeaders(h)
	}
	return page.Headers(h)
}

// followUpSection returns the markup of the follow-up part of the stored
// report page of id (see page.WriteFollowUps).
func (s *Server) followUpSection(id string) string {
	var b strings.Builder
	page.WriteFollowUps(&b, s.followUpsView(id, s.Store.FollowUps(id)))
	return b.String()
}

// followUpsView returns the follow-up part of the report page of id: the
// questions kept with the report and, when a model is configured, the box.
func (s *Server) followUpsView(id string, kept []history.FollowUp) page.FollowUps {
	v := page.FollowUps{MaxQuestion: prompt.MaxQuestion}
	if s.Engine.CanFollowUp() {
		v.AskURL = askURL(id)
	}
	for _, f := range kept {
		v.Done = append(v.Done, pageFollowUp(f))
	}
	return v
}

// pageFollowUp converts a kept follow-up for the page.
func pageFollowUp(f history.FollowUp) page.FollowUp {
	return page.FollowUp{Time: f.Time, Question: f.Question, Answer: f.Answer, Provider: f.Provider, Model: f.Model, Error: f.Error}
}

// serveFollowUp answers a follow-up question about the stored report id.
// admit is the guard's verdict taken when the request entered the
// middleware.
//
// Only the developer's own report page may ask: the guard must admit the
// client (a refused one causes no model call and learns nothing), and the
// request must be same-origin (Sec-Fetch-Site: same-origin, or an Origin
// equal to the Host) and carry a JSON body, which a form on another site
// cannot send without a CORS preflight that is never granted.
func (s *Server) serveFollowUp(w http.ResponseWriter, r *http.Request, id string, admit guard.Admission) {
	h := w.Header()
	for k := range h {
		if strings.HasPrefix(k, "Access-Control-") {
			delete(h, k)
		}
	}
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	if admit = s.Guard.Decide(r, admit); !admit.OK() {
		s.Log.Warn("explainerr: follow-up question refused: " + admit.Refused())
		http.Error(w, http.StatusText(http.StatusForbidden), http.StatusForbidden)
		return
	}
	if r.Method != http.MethodPost {
		h.Set("Allow", http.MethodPost)
		followUpError(w, http.StatusMethodNotAllowed, "a follow-up question is asked with POST")
		return
	}
	if !guard.SameOrigin(r) {
		s.Log.Warn("explainerr: follow-up question refused: it does not come from the report's own page (a same-origin request)")
		followUpError(w, http.StatusForbidden, "follow-up questions are taken from the report's own page only (a same-origin request)")
		return
	}
	if ct, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || ct != "application/json" {
		followUpError(w, http.StatusUnsupportedMediaType, `send the question as JSON, {"question": "..."}, with Content-Type: application/json`)
		return
	}
	question, status, msg := readQuestion(w, r)
	if status != 0 {
		followUpError(w, status, msg)
		return
	}
	if !s.Engine.CanFollowUp() {
		followUpError(w, http.StatusNotImplemented, engine.NoModelForFollowUp+"; set OPENAI_API_KEY or OPENAI_BASE_URL (see the README)")
		return
	}
	store := s.Store
	ctx, cancel := context.WithTimeout(r.Context(), s.AwaitTimeout)
	rep, ok := store.Await(ctx, id)
	cancel()
	if !ok {
		followUpError(w, http.StatusNotFound, "no report "+strconv.Quote(id)+" is kept (it may have been cleared or expired)")
		return
	}
	// The question is kept and shown: it passes through the redactor
	// first. The answer does too, before the engine gives it back.
	question = rep.Hide(question)
	first := rep.Explanation()
	p := prompt.FollowUp(rep.Prompt(), first.Text, exchanges(store.FollowUps(id)), question,
		prompt.FollowUpOptions{Language: s.Language, OfflineAnswer: first.Provider == "offline"})

	out := &answerStream{w: w, rc: http.NewResponseController(w)}
	res := s.Engine.FollowUp(r.Context(), rep, p, out.delta)
	kept := history.FollowUp{Time: time.Now(), Question: question, Answer: res.Text, Provider: res.Provider, Model: res.Model, Error: res.Error}
	if strings.TrimSpace(kept.Answer) != "" {
		if err := store.AppendFollowUp(id, kept); err != nil && !errors.Is(err, history.ErrNotFound) {
			s.Log.Warn("explainerr: keeping a follow-up answer failed: " + err.Error())
		}
	}
	if !out.started && res.Error != "" {
		// The model gave nothing: an error status says so.
		s.Log.Warn("explainerr: follow-up question not answered: "+res.Error, "report", id)
		followUpError(w, answerFailureStatus(res.Throttled, res.Error), res.Error)
		return
	}
	if res.Error != "" {
		s.Log.Warn("explainerr: follow-up answer incomplete: "+res.Error, "report", id)
	}
	out.done(followUpDone{
		Done: true, Answer: kept.Answer, Error: res.Error, Provider: res.Provider, Model: res.Model,
		Truncated: res.Truncated, HTML: page.FollowUpHTML(pageFollowUp(kept)),
	})
}

// readQuestion reads the question from r's JSON body. A bad one gets a
// status and a message saying what is wrong.
func readQuestion(w http.ResponseWriter, r *http.Request) (question string, status int, msg string) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxFollowUpBody))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		return "", http.StatusRequestEntityTooLarge, "the request body is larger than " + strconv.Itoa(maxFollowUpBody) + " bytes"
	case err != nil:
		return "", http.StatusBadRequest, "reading the question failed: " + err.Error()
	}
	var req struct {
		Question *string `json:"question"`
	}
	if err := json.Unmarshal(body, &req); err != nil || req.Question == nil {
		return "", http.StatusBadRequest, `the body is not a JSON object {"question": "..."}`
	}
	q := strings.TrimSpace(*req.Question)
	switch {
	case q == "":
		return "", http.StatusBadRequest, "the question is empty"
	case !utf8.ValidString(q):
		return "", http.StatusBadRequest, "the question is not valid UTF-8"
	case len(q) > prompt.MaxQuestion:
		return "", http.StatusRequestEntityTooLarge, "the question is " + strconv.Itoa(len(q)) + " bytes long; at most " +
			strconv.Itoa(prompt.MaxQuestion) + " are taken: shorten it"
	}
	return q, 0, ""
}

// exchanges returns the answered follow-ups for a prompt, oldest first.
func exchanges(kept []history.FollowUp) []prompt.Exchange {
	var out []prompt.Exchange
	for _, f := range kept {
		if strings.TrimSpace(f.Answer) != "" {
			out = append(out, prompt.Exchange{Question: f.Question, Answer: f.Answer})
		}
	}
	return out
}

// answerFailureStatus is the status of a follow-up the model did not
// answer: 429 when the throttle stopped it, 504 when it timed out, 502
// for any other failure of the model.
func answerFailureStatus(throttled bool, msg string) int {
	switch {
	case throttled:
		return http.StatusTooManyRequests
	case strings.Contains(msg, "timeout"):
		return http.StatusGatewayTimeout
	}
	return http.StatusBadGateway
}

// followUpError answers a follow-up request with status and {"error": msg}.
func followUpError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(struct {
		Error string `json:"error"`
	}{msg})
}
