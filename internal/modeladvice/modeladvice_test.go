package modeladvice

import (
	"strings"
	"testing"
)

func TestAdviceFollowsExplainerrsRules(t *testing.T) {
	const command = "go run -tags openai ./blogapp"
	for _, c := range []struct {
		name string
		env  map[string]string
		want string // "" for no advice
	}{
		{"nothing set", nil, ""},
		{"API key", map[string]string{"OPENAI_API_KEY": "sk-x"}, "OPENAI_API_KEY is set"},
		{"base URL", map[string]string{"OPENAI_BASE_URL": "http://localhost:11434/v1"}, "OPENAI_BASE_URL is set"},
		{"provider named", map[string]string{"EXPLAINERR_PROVIDER": " OpenAI "}, `EXPLAINERR_PROVIDER is "openai"`},
		{"offline asked for despite a key", map[string]string{"EXPLAINERR_PROVIDER": "offline", "OPENAI_API_KEY": "sk-x"}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := Advice(func(k string) string { return c.env[k] }, "blogapp", command)
			if c.want == "" {
				if got != "" {
					t.Errorf("advice %q, want none", got)
				}
				return
			}
			if !strings.HasPrefix(got, "blogapp: ") || !strings.Contains(got, c.want) || !strings.HasSuffix(got, command) {
				t.Errorf("advice %q, want it to name the program, %q, and end with %q", got, c.want, command)
			}
		})
	}
}
