package stats

import (
	"math"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 0.0005 }

func TestWilsonMatchesPublishedValues(t *testing.T) {
	for _, tc := range []struct {
		k, n   int
		lo, hi float64
	}{
		// Values from the Wilson score formula (Newcombe 1998, table I).
		{81, 263, 0.2553, 0.3662},
		{15, 148, 0.0624, 0.1605},
		{0, 20, 0, 0.1611},
		{20, 20, 0.8389, 1},
	} {
		lo, hi := Wilson(tc.k, tc.n)
		if !near(lo, tc.lo) || !near(hi, tc.hi) {
			t.Errorf("Wilson(%d, %d) = (%.4f, %.4f), want (%.4f, %.4f)", tc.k, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
	if lo, hi := Wilson(0, 0); lo != 0 || hi != 1 {
		t.Errorf("Wilson(0, 0) = (%v, %v), want the whole range", lo, hi)
	}
}

func TestSignTestIsTheExactBinomial(t *testing.T) {
	for _, tc := range []struct {
		better, worse int
		p             float64
	}{
		{0, 0, 1},
		{5, 0, 0.0625},
		{0, 5, 0.0625},
		{8, 2, 0.1094},
		{10, 0, 0.001953},
		{3, 3, 1},
	} {
		if p := SignTest(tc.better, tc.worse); !near(p, tc.p) {
			t.Errorf("SignTest(%d, %d) = %.4f, want %.4f", tc.better, tc.worse, p, tc.p)
		}
	}
}

func TestBootstrapIsReproducibleAndCoversTheMean(t *testing.T) {
	xs := []float64{0, 1, 1, 0.5, 0, 1, 0.25, 0.75, 1, 0}
	m1, lo1, hi1 := Bootstrap(xs, 7)
	m2, lo2, hi2 := Bootstrap(xs, 7)
	if m1 != m2 || lo1 != lo2 || hi1 != hi2 {
		t.Errorf("the same values and seed gave (%v %v %v) and (%v %v %v)", m1, lo1, hi1, m2, lo2, hi2)
	}
	if !near(m1, 0.55) || !(lo1 < m1 && m1 < hi1) || lo1 < 0 || hi1 > 1 {
		t.Errorf("mean %v, interval (%v, %v)", m1, lo1, hi1)
	}
	if _, lo, hi := Bootstrap([]float64{1, 1, 1}, 1); lo != 1 || hi != 1 {
		t.Errorf("constant values: interval (%v, %v), want (1, 1)", lo, hi)
	}
	if m, lo, hi := Bootstrap(nil, 1); m != 0 || lo != 0 || hi != 0 {
		t.Errorf("no values: (%v, %v, %v)", m, lo, hi)
	}
	if m, lo, hi := Bootstrap([]float64{0.4}, 1); m != 0.4 || lo != 0.4 || hi != 0.4 {
		t.Errorf("one value: (%v, %v, %v)", m, lo, hi)
	}
}
