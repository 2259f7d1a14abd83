package stats

import "testing"

// TestSignTestPowerAgainstHandValues checks the exact power on cases
// worked by hand: with 5 pairs the two-sided test at 0.05 can never
// reject (the smallest p-value is 2/32), with 6 it rejects only on 0 or
// 6, so its power is p^6 + (1-p)^6.
func TestSignTestPowerAgainstHandValues(t *testing.T) {
	if got := SignTestPower(5, 0.9, 0.05); got != 0 {
		t.Errorf("power with 5 pairs = %v, want 0", got)
	}
	want := 0.0
	for _, q := range []float64{0.8, 0.2} {
		want += q * q * q * q * q * q
	}
	if got := SignTestPower(6, 0.8, 0.05); !near(got, want) {
		t.Errorf("power with 6 pairs at 0.8 = %.5f, want %.5f", got, want)
	}
	if got := SignTestPower(40, 0.5, 0.05); got > 0.05 {
		t.Errorf("with no effect the test rejects %.3f of the time, more than its level", got)
	}
}

// TestPairsNeededFor65To35 is the figure METHODOLOGY quotes: how many
// non-tied comparisons the sign test needs to see a 65/35 split at power
// 0.8 and level 0.05, and what the sample apps' 37 fixtures can see. Run
// it with -v to print them.
func TestPairsNeededFor65To35(t *testing.T) {
	n := SignTestPairsNeeded(0.65, 0.05, 0.8)
	if n < 80 || n > 110 {
		t.Errorf("pairs needed for 65/35 = %d, want about 100", n)
	}
	if SignTestPower(n, 0.65, 0.05) < 0.8 || SignTestPower(n+7, 0.65, 0.05) < 0.8 {
		t.Errorf("the power falls below 0.8 at or after %d pairs", n)
	}
	t.Logf("65/35 at power 0.8, two-sided level 0.05: %d non-tied pairs (power %.3f); %d fixture comparisons if a third tie",
		n, SignTestPower(n, 0.65, 0.05), WithTies(n, 1.0/3))
	for _, fixtures := range []int{15, 22, 37} {
		p := SignTestDetectable(fixtures, 0.05, 0.8)
		t.Logf("%d non-tied pairs detect a win rate of %.3f or more at power 0.8", fixtures, p)
	}
	for _, p := range []float64{0.6, 0.7, 0.75, 0.8} {
		t.Logf("win rate %.2f: %d non-tied pairs", p, SignTestPairsNeeded(p, 0.05, 0.8))
	}
	if d := SignTestDetectable(37, 0.05, 0.8); d <= 0.65 || SignTestPower(37, d, 0.05) < 0.8 {
		t.Errorf("37 pairs detect %.3f, which cannot be 65/35 or below", d)
	}
}
