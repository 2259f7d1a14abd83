package index

import (
	"encoding/binary"
	"math"
	"sync"
)

// cosine returns the cosine similarity of two vectors (0 when either is zero).
func cosine(a, b []float32) float64 {
	var dot, na, nb float64
	for i := range min(len(a), len(b)) {
		dot += float64(a[i]) * float64(b[i])
		na += float64(a[i]) * float64(a[i])
		nb += float64(b[i]) * float64(b[i])
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return dot / math.Sqrt(na*nb)
}

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

// codeBits is the length in bits of the shortlist code of a vector of dims
// dimensions (the same for every size).
func codeBits(dims int) int { return shortlistBits }

// hyperplanes holds the random hyperplanes of the shortlist code by
// dimension: planes[d][b] is +1 or -1, the d-th coordinate of hyperplane
// b's normal. It grows as vectors with more dimensions arrive.
var hyperplanes struct {
	sync.Mutex
	planes [][]float32
}

// planeRows returns the hyperplane coordinates of the first dims dimensions.
func planeRows(dims int) [][]float32 {
	hyperplanes.Lock()
	defer hyperplanes.Unlock()
	for d := len(hyperplanes.planes); d < dims; d++ {
		row := make([]float32, shortlistBits)
		for b := 0; b < shortlistBits; b += 64 {
			bits := splitmix64(shortlistSeed ^ uint64(d)<<32 ^ uint64(b/64))
			for j := range 64 {
				row[b+j] = float32(1 - 2*int((bits>>j)&1))
			}
		}
		hyperplanes.planes = append(hyperplanes.planes, row)
	}
	return hyperplanes.planes[:dims:dims]
}

// splitmix64 is a fixed, well-mixed hash of x: the source of the
// hyperplanes, defined here so no library change can move them.
func splitmix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// shortlistCode returns the shortlist code of a vector, as the bit blob
// vec_bit() reads: bit b (byte b/8, bit b%8) is set when the vector lies
// on the positive side of hyperplane b. Zero coordinates cost nothing, so
// sparse vectors are coded fast.
func shortlistCode(v []float32) []byte {
	planes := planeRows(len(v))
	var acc [shortlistBits]float32
	for d, x := range v {
		if x == 0 {
			continue
		}
		row := planes[d][:shortlistBits]
		for b := range acc {
			acc[b] += x * row[b]
		}
	}
	out := make([]byte, shortlistBits/8)
	for b, s := range acc {
		if s > 0 {
			out[b/8] |= 1 << (b % 8)
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
// encodeVector (sparse or dense), read in place: the same value as
// cosineStored, without its pass over the query. It is 0 when either
// vector is zero or b is malformed.
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
