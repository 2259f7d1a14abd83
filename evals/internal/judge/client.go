package judge

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/shared"
)

// Config configures the judge's model, separately from the generator's.
type Config struct {
	// Model, BaseURL and APIKey come from EXPLAINERR_JUDGE_MODEL,
	// EXPLAINERR_JUDGE_BASE_URL and EXPLAINERR_JUDGE_API_KEY.
	Model   string
	BaseURL string
	APIKey  string
	// Seed is sent with each call (servers that honour it are more
	// repeatable).
	Seed int64
	// MaxTokens bounds the answer; 0 means 4000.
	MaxTokens int
	// Timeout bounds one call; 0 means 3 minutes.
	Timeout time.Duration
	// MaxRetries bounds retries on 429 and 5xx; negative means none.
	MaxRetries int
	HTTPClient *http.Client
}

// Enabled reports whether the judge is configured: a model, and a key or a
// base URL (a local server may need no key).
func (c Config) Enabled() bool {
	return c.Model != "" && (c.APIKey != "" || c.BaseURL != "")
}

// Answer is one raw judge answer.
type Answer struct {
	Text string `json:"text"`
	// Model is the model the server says it served.
	Model        string `json:"model"`
	FinishReason string `json:"finish_reason"`
	PromptTokens int    `json:"prompt_tokens"`
	OutputTokens int    `json:"output_tokens"`
	DurationMS   int64  `json:"duration_ms"`
}

// Truncated reports whether the answer stopped at the token limit.
func (a Answer) Truncated() bool { return a.FinishReason == "length" }

// ErrModelMismatch is returned when the server served another model than
// the one asked for.
var ErrModelMismatch = errors.New("the server served another model than the one asked for")

// Client calls the judge model.
type Client struct {
	cfg Config
	c   openai.Client
}

// NewClient returns a client for cfg.
func NewClient(cfg Config) *Client {
	opts := []option.RequestOption{option.WithAPIKey(cfg.APIKey)}
	if cfg.BaseURL != "" {
		opts = append(opts, option.WithBaseURL(cfg.BaseURL))
	}
	if cfg.HTTPClient != nil {
		opts = append(opts, option.WithHTTPClient(cfg.HTTPClient))
	}
	if cfg.MaxRetries < 0 {
		opts = append(opts, option.WithMaxRetries(0))
	} else if cfg.MaxRetries > 0 {
		opts = append(opts, option.WithMaxRetries(cfg.MaxRetries))
	}
	if cfg.MaxTokens <= 0 {
		cfg.MaxTokens = 4000
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 3 * time.Minute
	}
	return &Client{cfg: cfg, c: openai.NewClient(opts...)}
}

// Judge sends one comparison. An API failure or a served-model mismatch is
// an error (the answer, if any, is still returned for the record).
func (c *Client) Judge(ctx context.Context, system, user string) (Answer, error) {
	ctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	start := time.Now()
	resp, err := c.c.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{
		Model:               shared.ChatModel(c.cfg.Model),
		Messages:            []openai.ChatCompletionMessageParamUnion{openai.SystemMessage(system), openai.UserMessage(user)},
		Temperature:         openai.Float(0),
		Seed:                openai.Int(c.cfg.Seed),
		MaxCompletionTokens: openai.Int(int64(c.cfg.MaxTokens)),
		ResponseFormat:      openai.ChatCompletionNewParamsResponseFormatUnion{OfJSONObject: &shared.ResponseFormatJSONObjectParam{}},
	})
	ans := Answer{DurationMS: time.Since(start).Milliseconds()}
	if err != nil {
		return ans, fmt.Errorf("judge call: %w", err)
	}
	ans.Model = resp.Model
	ans.PromptTokens, ans.OutputTokens = int(resp.Usage.PromptTokens), int(resp.Usage.CompletionTokens)
	if len(resp.Choices) == 0 {
		return ans, errors.New("judge call: the answer has no choices")
	}
	ans.Text = resp.Choices[0].Message.Content
	ans.FinishReason = resp.Choices[0].FinishReason
	if !SameModel(c.cfg.Model, ans.Model) {
		return ans, fmt.Errorf("%w: asked for %q, served %q", ErrModelMismatch, c.cfg.Model, ans.Model)
	}
	return ans, nil
}

// SameModel reports whether the served model is the one asked for: equal,
// or a dated snapshot of it ("gpt-4o-mini-2024-07-18" for "gpt-4o-mini"),
// ignoring a provider prefix ("openai/gpt-4o-mini") on either side.
func SameModel(asked, served string) bool {
	if served == "" {
		return false
	}
	a, s := stripProvider(asked), stripProvider(served)
	return a == s || strings.HasPrefix(s, a+"-") && isDateSuffix(s[len(a)+1:])
}

func stripProvider(m string) string {
	if i := strings.LastIndex(m, "/"); i >= 0 {
		return m[i+1:]
	}
	return m
}

// isDateSuffix accepts "2024-07-18", "20240718" and "0613"-style snapshots.
func isDateSuffix(s string) bool {
	digits := 0
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '-':
		default:
			return false
		}
	}
	return digits >= 4
}
