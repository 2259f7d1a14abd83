package stats

import "math"

// SignTestPower returns the exact power of the two-sided sign test at
// level alpha over n non-tied pairs when the first side truly wins each
// pair with probability p: the chance that SignTest's p-value comes out
// at or below alpha.
func SignTestPower(n int, p, alpha float64) float64 {
	if n <= 0 {
		return 0
	}
	// The test rejects when the smaller count is at most c.
	c := -1
	for k := 0; k <= n/2; k++ {
		if SignTest(k, n-k) <= alpha {
			c = k
		}
	}
	if c < 0 {
		return 0
	}
	var power float64
	for k := 0; k <= n; k++ {
		if k <= c || k >= n-c {
			power += binomialPMF(n, k, p)
		}
	}
	return math.Min(1, power)
}

// binomialPMF is P(X = k) for X ~ Binomial(n, p).
func binomialPMF(n, k int, p float64) float64 {
	switch {
	case p <= 0:
		if k == 0 {
			return 1
		}
		return 0
	case p >= 1:
		if k == n {
			return 1
		}
		return 0
	}
	return math.Exp(logChoose(n, k) + float64(k)*math.Log(p) + float64(n-k)*math.Log1p(-p))
}

// maxPairs bounds the searches of SignTestPairsNeeded and
// SignTestDetectable.
const maxPairs = 100000

// SignTestPairsNeeded returns the fewest non-tied pairs from which the
// two-sided sign test at level alpha reaches the given power against a
// true win rate p, and stays there for every larger count (the exact
// test's power saw-tooths as n grows); 0 when p is 1/2 or no count up to
// maxPairs is enough.
func SignTestPairsNeeded(p, alpha, power float64) int {
	if p == 0.5 {
		return 0
	}
	// The first n from which the power stays above the target: scan up
	// to the first n where it is reached, then past the saw-tooth.
	first := 0
	for n := 1; n <= maxPairs; n++ {
		if SignTestPower(n, p, alpha) >= power {
			if first == 0 {
				first = n
			}
		} else {
			first = 0
		}
		if first > 0 && n-first >= 40 {
			return first
		}
	}
	return 0
}

// SignTestDetectable returns the smallest true win rate above 1/2 (to
// 0.005) that n non-tied pairs detect with the sign test at level alpha
// with the given power; 1 when no rate does.
func SignTestDetectable(n int, alpha, power float64) float64 {
	for p := 0.505; p < 1; p += 0.005 {
		if SignTestPower(n, p, alpha) >= power {
			return math.Round(p*1000) / 1000
		}
	}
	return 1
}

// WithTies returns how many fixture comparisons give pairs non-tied
// pairs when a share tieRate of comparisons ends in a tie.
func WithTies(pairs int, tieRate float64) int {
	if tieRate >= 1 {
		return 0
	}
	return int(math.Ceil(float64(pairs) / (1 - tieRate)))
}
