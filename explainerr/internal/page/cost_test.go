package page

import "testing"

func TestCostNeverShowsZero(t *testing.T) {
	for usd, want := range map[float64]string{
		0.000001: "< $0.0001",
		0.00005:  "≈ $0.0001",
		0.00033:  "≈ $0.0003",
		0.0123:   "≈ $0.01",
		1.5:      "≈ $1.50",
	} {
		if got := cost(usd); got != want {
			t.Errorf("cost(%g) = %q, want %q", usd, got, want)
		}
	}
}
