package engine

import (
	"net/url"
	"strings"
)

// listPricedHosts are the hosted services whose models the built-in price
// table lists at their list prices: OpenAI itself, OpenRouter, and the
// OpenAI-compatible endpoints of Anthropic, Google and DeepSeek.
var listPricedHosts = map[string]bool{
	"api.openai.com":                    true,
	"openrouter.ai":                     true,
	"api.anthropic.com":                 true,
	"generativelanguage.googleapis.com": true,
	"api.deepseek.com":                  true,
}

// ListPriced reports whether an OpenAI-compatible client with this base URL
// calls a hosted service that charges the built-in table's list prices: no
// base URL (the client's default, OpenAI's API) or an https URL of one of
// the hosts above. Any other server, such as Ollama or vLLM on this
// machine or the local network, is not: its models may carry a hosted
// model's name and cost nothing.
func ListPriced(baseURL string) bool {
	baseURL = strings.TrimSpace(baseURL)
	if baseURL == "" {
		return true
	}
	u, err := url.Parse(baseURL)
	if err != nil || u.Scheme != "https" {
		return false
	}
	return listPricedHosts[strings.ToLower(u.Hostname())]
}
