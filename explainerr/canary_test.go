package explainerr_test

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/internal/canary"
	"github.com/explainerr/explainerr/explainerr/report"
)

// canaryToken and canaryEnv are the canary's secrets: a token of a known
// provider's format, and the value of an environment variable with a
// sensitive name that is set only after the server started.
const (
	canaryToken  = "sk-proj-Zq3vT8mW1xR5nB7kL2pD9fH4jC6gY0sA1eU3iO5rT7wQ9zX"
	canaryEnvVar = "CANARY_SESSION_SECRET"
	canaryEnv    = "Qm9XvT3kL8pZ2rW5nY7bC1dF4gH6jK0sUv"
)

// TestCanaryInEveryFieldReachesNoOutput plants both secrets in every text
// of a report, found by reflection (so that a field added to package
// report is planted too), and in the failing request, and checks every
// output of the failure: the JSON report and its cached second answer,
// the page, the Markdown, the log record, the model request, the history
// files on disk and what an evaluation trace keeps. That the planted
// fields still show their text proves the seal hid the secrets, not the
// fields.
func TestCanaryInEveryFieldReachesNoOutput(t *testing.T) {
	secret := canaryToken + " " + canaryEnv
	var planted []string
	c := leakCase{
		name:   "canary",
		path:   "/canary?note=" + canaryToken,
		header: "X-Note", value: secret,
		env: [2]string{canaryEnvVar, canaryEnv},
		report: func() *report.Report {
			var r report.Report
			planted = canary.Plant(&r, secret)
			r.Status = 500
			return &r
		},
	}
	outputs, _ := failAndCollect(t, c)
	for name, out := range outputs {
		for _, s := range []string{canaryToken, canaryEnv} {
			if strings.Contains(out, s) {
				t.Errorf("%s holds the secret %q", name, s)
			}
		}
	}
	if len(planted) < 40 {
		t.Fatalf("planted %d texts, want every text of a report", len(planted))
	}
	jsonReport := outputs["JSON report"]
	for _, p := range planted {
		if remade(p) {
			continue
		}
		if !strings.Contains(jsonReport, "before "+p+" ") {
			t.Errorf("the JSON report lost the planted field %s", p)
		}
	}
}

// remade reports whether the field at path is made again by the pipeline
// after the report is built (the request is described from the request
// itself; the context, prompt, fingerprint and explanation are made by
// preparing and explaining), so that what was planted there is replaced.
func remade(path string) bool {
	for _, p := range []string{"Request.", "Mode", "Context", "Prompt.", "Fingerprint", "Explanation."} {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}
