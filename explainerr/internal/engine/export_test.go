package engine

// Prices returns a copy of the engine's price table (the built-in one, when
// Config.ListPrices is set, with Config.Prices applied), by normalized
// model name.
func (e *Engine) Prices() map[string]Price {
	out := make(map[string]Price, len(e.prices))
	for k, v := range e.prices {
		out[k] = v
	}
	return out
}
