package index

import (
	"encoding/binary"
	"errors"
	"math"
)

// The plain forms of what the index computes in fused or incremental ways,
// against which the tests check it.

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

// errBadVector is returned for a stored vector that encodeVector did not write.
var errBadVector = errors.New("stored vector is malformed")

// decodeVector decodes a vector written by encodeVector.
func decodeVector(b []byte) ([]float32, error) {
	if len(b) == 0 {
		return nil, errBadVector
	}
	switch b[0] {
	case vectorDense:
		if (len(b)-1)%4 != 0 {
			return nil, errBadVector
		}
		out := make([]float32, (len(b)-1)/4)
		for i := range out {
			out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[1+4*i:]))
		}
		return out, nil
	case vectorSparse:
		if len(b) < 3 || (len(b)-3)%6 != 0 {
			return nil, errBadVector
		}
		out := make([]float32, binary.LittleEndian.Uint16(b[1:]))
		for p := 3; p < len(b); p += 6 {
			i := int(binary.LittleEndian.Uint16(b[p:]))
			if i >= len(out) {
				return nil, errBadVector
			}
			out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[p+2:]))
		}
		return out, nil
	}
	return nil, errBadVector
}

// cosineStored returns the cosine similarity of q and a vector written by
// encodeVector, without decoding it; 0 when either is zero or b is
// malformed.
func cosineStored(q []float32, b []byte) float64 {
	var dot, nq, nb float64
	switch {
	case len(b) >= 3 && b[0] == vectorSparse:
		for p := 3; p+6 <= len(b); p += 6 {
			i := int(binary.LittleEndian.Uint16(b[p:]))
			x := float64(math.Float32frombits(binary.LittleEndian.Uint32(b[p+2:])))
			nb += x * x
			if i < len(q) {
				dot += x * float64(q[i])
			}
		}
	case len(b) >= 1 && b[0] == vectorDense:
		n := (len(b) - 1) / 4
		for i := range n {
			x := float64(math.Float32frombits(binary.LittleEndian.Uint32(b[1+4*i:])))
			nb += x * x
			if i < len(q) {
				dot += x * float64(q[i])
			}
		}
	default:
		return 0
	}
	for _, y := range q {
		nq += float64(y) * float64(y)
	}
	if nq == 0 || nb == 0 {
		return 0
	}
	return dot / math.Sqrt(nq*nb)
}
