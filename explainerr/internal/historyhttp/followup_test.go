package historyhttp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/internal/engine"
	"github.com/explainerr/explainerr/explainerr/provider"
)

// echoModel answers every question in two pieces.
type echoModel struct{ asked []string }

func (m *echoModel) Name() string  { return "echo" }
func (m *echoModel) Model() string { return "echo-1" }
func (m *echoModel) Explain(ctx context.Context, req provider.Request, onDelta func(string)) (provider.Result, error) {
	m.asked = append(m.asked, req.Report.Prompt().User)
	onDelta("Make the map ")
	onDelta("first.")
	return provider.Result{Text: "Make the map first."}, nil
}

// ask posts question as the report page of id does.
func ask(s *Server, id, question string) *httptest.ResponseRecorder {
	body, _ := json.Marshal(map[string]string{"question": question})
	r := request("POST", askURL(id), "127.0.0.1:5000", "")
	r.Body = io.NopCloser(bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Sec-Fetch-Site", "same-origin")
	rec := httptest.NewRecorder()
	s.Serve(rec, r)
	return rec
}

// TestFollowUpIsAnsweredAndKept: with a model, the question is answered
// as a stream of JSON lines ending with the whole answer, and kept with
// the report; without one, the request gets 501 and says why.
func TestFollowUpIsAnsweredAndKept(t *testing.T) {
	s, id, _ := testServer(t)
	if rec := ask(s, id, "why is it nil?"); rec.Code != http.StatusNotImplemented || !strings.Contains(rec.Body.String(), "need a model") {
		t.Errorf("without a model: %d %s, want 501 saying a model is needed", rec.Code, rec.Body)
	}
	model := &echoModel{}
	s.Engine = engine.New(engine.Config{Provider: model})
	rec := ask(s, id, "why is it nil?")
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/x-ndjson") {
		t.Fatalf("status %d, type %q: want a 200 stream", rec.Code, rec.Header().Get("Content-Type"))
	}
	var deltas []string
	var done followUpDone
	for sc := bufio.NewScanner(rec.Body); sc.Scan(); {
		var ev map[string]any
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		if d, ok := ev["delta"].(string); ok {
			deltas = append(deltas, d)
			continue
		}
		json.Unmarshal(sc.Bytes(), &done)
	}
	if strings.Join(deltas, "") != "Make the map first." || !done.Done || done.Answer != "Make the map first." || !strings.Contains(done.HTML, "why is it nil?") {
		t.Errorf("deltas %q, done %+v: want the answer streamed, then whole with its markup", deltas, done)
	}
	if kept := s.Store.FollowUps(id); len(kept) != 1 || kept[0].Question != "why is it nil?" || kept[0].Model != "echo-1" {
		t.Errorf("kept %+v, want the question and answer with the model", kept)
	}
	if len(model.asked) != 1 || !strings.Contains(model.asked[0], "why is it nil?") {
		t.Errorf("the model was asked %q", model.asked)
	}
}
