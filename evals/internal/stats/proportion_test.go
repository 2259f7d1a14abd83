package stats

import "testing"

func TestNewProportion(t *testing.T) {
	p := NewProportion(3, 4)
	lo, hi := Wilson(3, 4)
	if p.K != 3 || p.N != 4 || p.Value != 0.75 || p.Lo != lo || p.Hi != hi || p.Lo >= p.Value || p.Hi <= p.Value {
		t.Errorf("3 of 4: %+v", p)
	}
	if z := NewProportion(0, 0); z.Value != 0 || z.Lo != 0 || z.Hi != 1 {
		t.Errorf("0 of 0: %+v, want value 0 and the whole interval", z)
	}
}
