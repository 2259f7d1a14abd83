// Package stats holds the evaluation's few statistics: Wilson intervals
// for rates, a percentile bootstrap over fixtures for means and paired
// differences, and the exact two-sided sign test.
package stats

import (
	"math"
	"math/rand/v2"
	"sort"
)

// z95 is the standard normal quantile of a two-sided 95% interval.
const z95 = 1.959963984540054

// Wilson returns the 95% Wilson score interval of k successes in n trials;
// (0, 1) when n is 0.
func Wilson(k, n int) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	p := float64(k) / float64(n)
	nn := float64(n)
	z2 := z95 * z95
	centre := (p + z2/(2*nn)) / (1 + z2/nn)
	half := z95 / (1 + z2/nn) * math.Sqrt(p*(1-p)/nn+z2/(4*nn*nn))
	return math.Max(0, centre-half), math.Min(1, centre+half)
}

// BootstrapReps is the number of resamples of Bootstrap.
const BootstrapReps = 2000

// Bootstrap returns the mean of xs and its 95% percentile bootstrap
// interval, resampling xs (one value per fixture) with replacement from a
// fixed seed, so that the same values give the same interval. With fewer
// than two values the interval is the mean itself.
func Bootstrap(xs []float64, seed uint64) (mean, lo, hi float64) {
	if len(xs) == 0 {
		return 0, 0, 0
	}
	mean = average(xs)
	if len(xs) < 2 {
		return mean, mean, mean
	}
	rng := rand.New(rand.NewPCG(seed, uint64(len(xs))))
	means := make([]float64, BootstrapReps)
	sample := make([]float64, len(xs))
	for i := range means {
		for j := range sample {
			sample[j] = xs[rng.IntN(len(xs))]
		}
		means[i] = average(sample)
	}
	sort.Float64s(means)
	return mean, quantile(means, 0.025), quantile(means, 0.975)
}

func average(xs []float64) float64 {
	var sum float64
	for _, x := range xs {
		sum += x
	}
	return sum / float64(len(xs))
}

// quantile returns the q-quantile of sorted xs by linear interpolation.
func quantile(sorted []float64, q float64) float64 {
	pos := q * float64(len(sorted)-1)
	i := int(pos)
	if i+1 >= len(sorted) {
		return sorted[len(sorted)-1]
	}
	return sorted[i] + (pos-float64(i))*(sorted[i+1]-sorted[i])
}

// SignTest returns the exact two-sided p-value of the sign test: of
// better+worse non-tied pairs, better went one way. It is 1 with no
// non-tied pair.
func SignTest(better, worse int) float64 {
	n := better + worse
	if n == 0 {
		return 1
	}
	k := min(better, worse)
	// P(X <= k) for X ~ Binomial(n, 1/2), doubled.
	var tail float64
	for i := 0; i <= k; i++ {
		tail += math.Exp(logChoose(n, i) - float64(n)*math.Ln2)
	}
	return math.Min(1, 2*tail)
}

// logChoose is the natural log of n choose k.
func logChoose(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}
