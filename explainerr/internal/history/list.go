package history

import (
	"net/url"
	"sort"
	"strings"
	"time"

	"github.com/explainerr/explainerr/explainerr/report"
)

// maxListedMessage bounds the message an Entry carries.
const maxListedMessage = 300

// Entry is one line of the history: the latest occurrence of one failure
// (one fingerprint). Its JSON form is a failure of the history's JSON
// answer, {"failures": [...]}.
type Entry struct {
	// ID is the latest occurrence's report id.
	ID     string    `json:"id"`
	Time   time.Time `json:"time"`
	Method string    `json:"method"`
	// Path is the request's path, without the query.
	Path  string `json:"path"`
	Route string `json:"route"`
	// Status is the HTTP status the failure was answered with (0 for a
	// crash); for a late panic or error, the status the client had
	// already got.
	Status int `json:"status"`
	// Kind is panic, error, status or crash.
	Kind string `json:"kind"`
	// Late: the response had started when the failure happened.
	Late bool `json:"late"`
	// Message is the first line of the error message, shortened.
	Message string `json:"message"`
	// Explainer is who explained it: "offline", or the provider and model
	// as "openai/gpt-4o-mini"; "" when it was not explained.
	Explainer string `json:"explainer"`
	// Refused: the latest occurrence's client was refused a report (a
	// client elsewhere, or a page of another site); its request, message
	// and logs come from that client.
	Refused bool `json:"refused,omitempty"`
	// Count is how many times the failure happened while it was kept.
	Count int `json:"count"`
	// Report is the path of the occurrence's report page; List leaves it
	// to the server that serves the pages to fill in.
	Report      string `json:"report"`
	Fingerprint string `json:"-"`
}

// List returns one Entry per fingerprint, the latest occurrence's, newest
// first: the kept reports and the crash reports.
func (s *Store) List() []Entry {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.load()
	s.expire()
	all := oldestFirst(s.records)
	// Crash reports (newest first) go before the kept reports in time
	// order, so that the latest of each fingerprint is found last.
	crashes := s.crashRecords()
	for i := len(crashes) - 1; i >= 0; i-- {
		all = append(all, crashes[i])
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].Report.Time().Before(all[j].Report.Time()) })

	latest := map[string]int{} // fingerprint -> index in out
	var out []Entry
	for _, r := range all {
		key := r.Report.Fingerprint()
		if key == "" {
			key = "id:" + r.ID
		}
		e := entryOf(r)
		if i, ok := latest[key]; ok {
			e.Count = max(e.Count, out[i].Count+1)
			out[i] = e
			continue
		}
		latest[key] = len(out)
		out = append(out, e)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Time.After(out[j].Time) })
	return out
}

// entryOf summarises one record.
func entryOf(r *record) Entry {
	rep := r.Report.Report()
	return Entry{
		ID:          r.ID,
		Time:        rep.Time,
		Method:      rep.Request.Method,
		Path:        pathOf(rep.Request.URL),
		Route:       rep.Request.Route,
		Status:      rep.Status,
		Kind:        rep.Error.Kind,
		Late:        rep.Error.Late,
		Message:     headline(rep.Error.Message),
		Explainer:   explainer(rep.Explanation),
		Count:       max(r.Count, 1),
		Refused:     r.Refused,
		Fingerprint: rep.Fingerprint,
	}
}

// pathOf returns the path of a request URL as a report keeps it.
func pathOf(u string) string {
	if p, err := url.Parse(u); err == nil && p.Path != "" {
		return p.Path
	}
	p, _, _ := strings.Cut(u, "?")
	return p
}

// headline returns the first non-empty line of msg, shortened.
func headline(msg string) string {
	msg = strings.TrimSpace(msg)
	if i := strings.IndexByte(msg, '\n'); i >= 0 {
		msg = strings.TrimSpace(msg[:i]) + " …"
	}
	if len(msg) > maxListedMessage {
		cut := maxListedMessage
		for cut > 0 && msg[cut]&0xC0 == 0x80 {
			cut-- // not inside a UTF-8 sequence
		}
		msg = msg[:cut] + "…"
	}
	return msg
}

// explainer names who made an explanation.
func explainer(ex report.Explanation) string {
	switch {
	case ex.Provider == "":
		return ""
	case ex.Model != "":
		return ex.Provider + "/" + ex.Model
	default:
		return ex.Provider
	}
}
