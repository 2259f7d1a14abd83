package index

import (
	"encoding/binary"
	"math"
	"sync"
)

// Shortlist codes: each vector is also stored as a shortlistBits-bit code,
// one bit per random hyperplane through the origin telling on which side
// of it the vector lies. The Hamming distance of two codes estimates the
// angle between their vectors whatever their length or sparsity, so large
// indexes shortlist candidates by code and rank only the shortlist by exact
// cosine distance. The hyperplanes come from a fixed seed, so an index and
// its queries agree; an index records shortlistScheme under
// shortlistMetaKey and one with another scheme must be rebuilt.
const (
	shortlistBits    = 1024
	shortlistSeed    = 0x6578706c61696e72 // "explainr"
	shortlistScheme  = "hyperplane-1024-v1"
	shortlistMetaKey = "shortlist_code"
)

// laneWords is the number of 64-bit words of a shortlist code's
// accumulator: one 16-bit lane per hyperplane, four to a word.
const laneWords = shortlistBits / 4

// hyperplanes holds the random hyperplanes of the shortlist code by
// dimension, as lane masks: the lane of hyperplane b in masks[d] (bits
// 16*(b%4) to 16*(b%4)+15 of word b/4) is all ones when the d-th
// coordinate of hyperplane b's normal is -1 and zero when it is +1. It
// grows as vectors with more dimensions arrive.
var hyperplanes struct {
	sync.Mutex
	masks [][laneWords]uint64
}

// planeMasks returns the hyperplane lane masks of the first dims dimensions.
func planeMasks(dims int) [][laneWords]uint64 {
	hyperplanes.Lock()
	defer hyperplanes.Unlock()
	for d := len(hyperplanes.masks); d < dims; d++ {
		var m [laneWords]uint64
		for b := 0; b < shortlistBits; b += 64 {
			bits := splitmix64(shortlistSeed ^ uint64(d)<<32 ^ uint64(b/64))
			for j := range 64 {
				if (bits>>j)&1 == 1 { // the coordinate is -1
					m[(b+j)/4] |= 0xffff << (16 * ((b + j) % 4))
				}
			}
		}
		hyperplanes.masks = append(hyperplanes.masks, m)
	}
	return hyperplanes.masks[:dims:dims]
}

// splitmix64 is a fixed, well-mixed hash of x: the source of the
// hyperplanes, defined here so no library change can move them.
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// codeScale is the sum of a vector's quantized magnitudes in
// shortlistCode: one less than a 16-bit lane holds, so that rounding in
// the scaling cannot overflow a lane.
const codeScale = 1<<16 - 2

// shortlistCode returns the shortlist code of a vector, as a bit blob: bit
// b (byte b/8, bit b%8) is set when the vector lies on the positive side
// of hyperplane b, that is when the dot product of the vector with the
// hyperplane's ±1 normal is positive.
//
// The dot products are computed on quantized magnitudes, sixteen bits a
// hyperplane, four hyperplanes to a machine word: with each magnitude
// |x_d| scaled to an integer q_d and A = Σ q_d, the dot product is
// A - 2·N_b where N_b sums the q_d whose term is negative (the sign of x_d
// differs from that of the normal's coordinate), so bit b is set when
// 2·N_b < A. The scaling keeps A (and so every N_b) within a lane. Only
// the signs of dot products within about one part in ten thousand of zero
// can differ from the exact computation. Zero coordinates cost nothing,
// so sparse vectors are coded fast.
func shortlistCode(v []float32) []byte {
	masks := planeMasks(len(v))
	var sum float64
	for _, x := range v {
		sum += math.Abs(float64(x))
	}
	out := make([]byte, shortlistBits/8)
	if sum == 0 || math.IsNaN(sum) || math.IsInf(sum, 0) {
		return out
	}
	scale := codeScale / sum
	var neg [laneWords]uint64
	var total uint64
	for d, x := range v {
		q := uint64(math.Abs(float64(x)) * scale) // truncated: Σ q ≤ codeScale
		if q == 0 {
			continue
		}
		total += q
		rep := q * 0x0001_0001_0001_0001
		m := &masks[d]
		if x > 0 {
			for w := range neg {
				neg[w] += m[w] & rep
			}
		} else {
			for w := range neg {
				neg[w] += ^m[w] & rep
			}
		}
	}
	for w, lanes := range neg {
		for j := range 4 {
			if 2*(lanes>>(16*j)&0xffff) < total {
				b := 4*w + j
				out[b/8] |= 1 << (b % 8)
			}
		}
	}
	return out
}

// queryVector is a query vector with its norm, compared with many stored
// vectors in a scan.
type queryVector struct {
	v    []float32
	norm float64
}

func newQueryVector(v []float32) queryVector {
	var n float64
	for _, x := range v {
		n += float64(x) * float64(x)
	}
	return queryVector{v: v, norm: math.Sqrt(n)}
}

// cosine returns the cosine similarity of the query and a vector stored by
// encodeVector (sparse or dense), read in place, with the query's norm
// worked out once. It is 0 when either vector is zero or b is malformed.
func (q queryVector) cosine(b []byte) float64 {
	var dot, nb float64
	switch {
	case len(b) >= 3 && b[0] == vectorSparse:
		for p := 3; p+6 <= len(b); p += 6 {
			i := int(binary.LittleEndian.Uint16(b[p:]))
			x := float64(math.Float32frombits(binary.LittleEndian.Uint32(b[p+2:])))
			nb += x * x
			if i < len(q.v) {
				dot += x * float64(q.v[i])
			}
		}
	case len(b) >= 1 && b[0] == vectorDense:
		n := (len(b) - 1) / 4
		for i := range n {
			x := float64(math.Float32frombits(binary.LittleEndian.Uint32(b[1+4*i:])))
			nb += x * x
			if i < len(q.v) {
				dot += x * float64(q.v[i])
			}
		}
	default:
		return 0
	}
	if q.norm == 0 || nb == 0 {
		return 0
	}
	return dot / (q.norm * math.Sqrt(nb))
}
