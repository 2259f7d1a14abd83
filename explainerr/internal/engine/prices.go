package engine

import (
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// Price is the cost of a model's tokens in US dollars per million.
type Price struct {
	InputPerMTok  float64
	OutputPerMTok float64
}

// defaultPrices is the built-in price table, in US dollars per million
// tokens. The figures are estimated, from the providers' public list
// prices (standard tier, no caching or batch discounts); they drift, so
// the table is overridable (Config.Prices) and every cost computed from it
// is an estimate. Names are normalized (see normalizeModel): OpenRouter's
// "vendor/model" names match without their vendor prefix, and dated
// versions such as "gpt-4o-mini-2024-07-18" match their base name. Local
// models (Ollama, llama.cpp, vLLM) are free and absent.
var defaultPrices = map[string]Price{
	"gpt-4o-mini":   {InputPerMTok: 0.15, OutputPerMTok: 0.60},
	"gpt-4o":        {InputPerMTok: 2.50, OutputPerMTok: 10.00},
	"gpt-4.1-nano":  {InputPerMTok: 0.10, OutputPerMTok: 0.40},
	"gpt-4.1-mini":  {InputPerMTok: 0.40, OutputPerMTok: 1.60},
	"gpt-4.1":       {InputPerMTok: 2.00, OutputPerMTok: 8.00},
	"gpt-5-nano":    {InputPerMTok: 0.05, OutputPerMTok: 0.40},
	"gpt-5-mini":    {InputPerMTok: 0.25, OutputPerMTok: 2.00},
	"gpt-5":         {InputPerMTok: 1.25, OutputPerMTok: 10.00},
	"o4-mini":       {InputPerMTok: 1.10, OutputPerMTok: 4.40},
	"o3-mini":       {InputPerMTok: 1.10, OutputPerMTok: 4.40},
	"gpt-3.5-turbo": {InputPerMTok: 0.50, OutputPerMTok: 1.50},

	"claude-3-haiku":    {InputPerMTok: 0.25, OutputPerMTok: 1.25},
	"claude-3.5-haiku":  {InputPerMTok: 0.80, OutputPerMTok: 4.00},
	"claude-3-5-haiku":  {InputPerMTok: 0.80, OutputPerMTok: 4.00},
	"claude-3.5-sonnet": {InputPerMTok: 3.00, OutputPerMTok: 15.00},
	"claude-3-5-sonnet": {InputPerMTok: 3.00, OutputPerMTok: 15.00},
	"claude-3.7-sonnet": {InputPerMTok: 3.00, OutputPerMTok: 15.00},
	"claude-3-7-sonnet": {InputPerMTok: 3.00, OutputPerMTok: 15.00},
	"claude-sonnet-4":   {InputPerMTok: 3.00, OutputPerMTok: 15.00},
	"claude-haiku-4.5":  {InputPerMTok: 1.00, OutputPerMTok: 5.00},
	"claude-sonnet-4.5": {InputPerMTok: 3.00, OutputPerMTok: 15.00},

	"gemini-2.0-flash-001": {InputPerMTok: 0.10, OutputPerMTok: 0.40},
	"gemini-2.0-flash":     {InputPerMTok: 0.10, OutputPerMTok: 0.40},
	"gemini-2.5-flash":     {InputPerMTok: 0.30, OutputPerMTok: 2.50},
	"deepseek-chat":        {InputPerMTok: 0.27, OutputPerMTok: 1.10},
}

// DefaultPrices returns a copy of the built-in price table (estimated,
// from list prices), by normalized model name.
func DefaultPrices() map[string]Price {
	out := make(map[string]Price, len(defaultPrices))
	for k, v := range defaultPrices {
		out[k] = v
	}
	return out
}

// LookupPrice finds model's price in table: by its normalized name, then
// without a version suffix ("gpt-4o-mini-2024-07-18" finds "gpt-4o-mini").
func LookupPrice(table map[string]Price, model string) (Price, bool) {
	name := normalizeModel(model)
	if name == "" {
		return Price{}, false
	}
	if p, ok := table[name]; ok {
		return p, true
	}
	for k, p := range table {
		if k2 := normalizeModel(k); k2 == name || isVersionOf(name, k2) {
			return p, true
		}
	}
	return Price{}, false
}

// EstimateCost returns the estimated cost in US dollars of usage on model,
// and whether model has a price in table. Without usage the cost is 0.
func EstimateCost(table map[string]Price, model string, usage *report.Usage) (float64, bool) {
	p, ok := LookupPrice(table, model)
	if !ok || usage == nil {
		return 0, ok
	}
	return (float64(usage.PromptTokens)*p.InputPerMTok + float64(usage.CompletionTokens)*p.OutputPerMTok) / 1e6, true
}

// normalizeModel lowercases a model name and drops what varies between
// servers for the same model: a "vendor/" prefix (OpenRouter) and
// Ollama's ":latest" tag.
func normalizeModel(model string) string {
	m := strings.ToLower(strings.TrimSpace(model))
	if i := strings.LastIndex(m, "/"); i >= 0 {
		m = m[i+1:]
	}
	return strings.TrimSuffix(m, ":latest")
}
