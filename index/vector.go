package index

import (
	"encoding/binary"
	"fmt"
	"math"
)

// serializeVector encodes a vector as the little-endian float32 blob
// sqlite-vec reads.
func serializeVector(v []float32) ([]byte, error) {
	out := make([]byte, 4*len(v))
	for i, x := range v {
		if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
			return nil, fmt.Errorf("vector has a non-finite value at %d", i)
		}
		binary.LittleEndian.PutUint32(out[4*i:], math.Float32bits(x))
	}
	return out, nil
}

// deserializeVector decodes a float32 blob.
func deserializeVector(b []byte) []float32 {
	out := make([]float32, len(b)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}

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

// codeBits is the length of the sign code of a dims-dimension vector: two
// bits per dimension, rounded up to whole bytes.
func codeBits(dims int) int { return (2*dims + 7) / 8 * 8 }

// signCode quantizes a vector to two bits per dimension: one set when the
// value is positive, the other when it is negative. The Hamming distance
// of two codes counts the dimensions whose signs differ (a zero differing
// from both signs by one bit), a cheap stand-in for cosine distance used
// to shortlist candidates in large indexes; the final ranking is always by
// exact cosine distance.
func signCode(v []float32) []byte {
	out := make([]byte, codeBits(len(v))/8)
	for i, x := range v {
		bit := 2 * i
		switch {
		case x > 0:
			out[bit/8] |= 1 << (bit % 8)
		case x < 0:
			out[(bit+1)/8] |= 1 << ((bit + 1) % 8)
		}
	}
	return out
}

// cosineBlob is cosine(q, deserializeVector(blob)) without the allocation.
func cosineBlob(q []float32, blob []byte) float64 {
	var dot, nq, nb float64
	for i := range min(len(q), len(blob)/4) {
		x := float64(math.Float32frombits(binary.LittleEndian.Uint32(blob[4*i:])))
		y := float64(q[i])
		dot += x * y
		nq += y * y
		nb += x * x
	}
	if nq == 0 || nb == 0 {
		return 0
	}
	return dot / math.Sqrt(nq*nb)
}
