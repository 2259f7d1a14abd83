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

// waiting returns how many callers wait for flights in progress.
func (e *Engine) waiting() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	n := 0
	for _, f := range e.flights {
		n += f.waiters
	}
	return n
}
