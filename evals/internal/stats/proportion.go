package stats

// Proportion is k of n with its 95% Wilson interval, as the reports and
// summary.json show a rate.
type Proportion struct {
	K     int     `json:"k"`
	N     int     `json:"n"`
	Value float64 `json:"value"`
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
}

// NewProportion returns k of n with its interval; Value is 0 when n is 0.
func NewProportion(k, n int) Proportion {
	p := Proportion{K: k, N: n}
	if n > 0 {
		p.Value = float64(k) / float64(n)
	}
	p.Lo, p.Hi = Wilson(k, n)
	return p
}
