package index

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestShortlistCodeIsStable pins the shortlist code of a fixed vector: an
// index stores these codes, so a change of the hyperplanes must come with
// a new shortlistScheme (which makes old indexes be rebuilt).
func TestShortlistCodeIsStable(t *testing.T) {
	v := make([]float32, HashDims)
	for i := range v {
		v[i] = float32(math.Sin(float64(i)))
	}
	code := shortlistCode(v)
	if len(code)*8 != shortlistBits {
		t.Fatalf("code of %d bits, want %d", len(code)*8, shortlistBits)
	}
	sum := sha256.Sum256(code)
	const want = "987b3f69e59d731c"
	if got := hex.EncodeToString(sum[:8]); got != want {
		t.Errorf("shortlist code of %s changed: hash %s, want %s; bump shortlistScheme if this is intended", shortlistScheme, got, want)
	}
}

// TestShortlistCodeTracksAngle checks the property the shortlist rests
// on: the Hamming distance of two codes grows with the angle between the
// vectors, for sparse vectors as the hash embedder makes them.
func TestShortlistCodeTracksAngle(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	sparse := func() []float32 {
		v := make([]float32, HashDims)
		for range 40 {
			v[rng.IntN(HashDims)] = float32(rng.NormFloat64())
		}
		return v
	}
	hamming := func(a, b []byte) int {
		n := 0
		for i := range a {
			n += bits.OnesCount8(a[i] ^ b[i])
		}
		return n
	}
	for range 20 {
		a := sparse()
		near := append([]float32(nil), a...)
		for range 8 {
			near[rng.IntN(HashDims)] += float32(rng.NormFloat64())
		}
		far := sparse()
		ca, cn, cf := shortlistCode(a), shortlistCode(near), shortlistCode(far)
		// The expected Hamming distance is bits * angle / pi.
		for _, pair := range []struct {
			b    []float32
			code []byte
		}{{near, cn}, {far, cf}} {
			angle := math.Acos(max(-1, min(1, cosine(a, pair.b))))
			want := float64(shortlistBits) * angle / math.Pi
			if got := float64(hamming(ca, pair.code)); math.Abs(got-want) > 4*math.Sqrt(float64(shortlistBits))/2+8 {
				t.Errorf("Hamming distance %v for an angle of %.2f rad, want about %.0f", got, angle, want)
			}
		}
		if hamming(ca, cn) >= hamming(ca, cf) {
			t.Errorf("a near vector's code (%d bits off) is no nearer than a far one's (%d)", hamming(ca, cn), hamming(ca, cf))
		}
	}
}

// TestQueryVectorCosine checks the scan's cosine on stored vectors against
// the decoded vectors, sparse and dense alike.
func TestQueryVectorCosine(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, nonZero := range []int{3, 40, HashDims} {
		q, v := make([]float32, HashDims), make([]float32, HashDims)
		for range nonZero {
			q[rng.IntN(HashDims)] = float32(rng.NormFloat64())
			v[rng.IntN(HashDims)] = float32(rng.NormFloat64())
		}
		q[0], v[0] = 1, 1 // never orthogonal
		blob, err := encodeVector(v)
		if err != nil {
			t.Fatal(err)
		}
		got := newQueryVector(q).cosine(blob)
		if want := cosine(q, v); math.Abs(got-want) > 1e-12 {
			t.Errorf("%d non-zero values: cosine %v, want %v", nonZero, got, want)
		}
		if stored := cosineStored(q, blob); math.Abs(got-stored) > 1e-12 {
			t.Errorf("%d non-zero values: cosine %v, cosineStored %v", nonZero, got, stored)
		}
	}
	if got := newQueryVector([]float32{1, 0}).cosine([]byte("x")); got != 0 {
		t.Errorf("malformed stored vector: cosine %v, want 0", got)
	}
}

// hyperplaneDots returns the dot products of v with the ±1 normals of the
// shortlist hyperplanes, in floating point.
func hyperplaneDots(v []float32) []float64 {
	masks := planeMasks(len(v))
	acc := make([]float64, shortlistBits)
	for d, x := range v {
		for b := range acc {
			if masks[d][b/4]>>(16*(b%4))&1 == 1 {
				acc[b] -= float64(x)
			} else {
				acc[b] += float64(x)
			}
		}
	}
	return acc
}

// TestShortlistCodeMatchesFloatingPoint checks the quantized code against
// the signs of the dot products computed in floating point: a bit may
// differ only where the dot product is within a part in a thousand of the
// vector's L1 norm of zero.
func TestShortlistCodeMatchesFloatingPoint(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	differ, total := 0, 0
	for _, nonZero := range []int{1, 5, 40, 200, HashDims} {
		for range 12 {
			v := make([]float32, HashDims)
			for range nonZero {
				v[rng.IntN(HashDims)] = float32(rng.NormFloat64())
			}
			var l1 float64
			for _, x := range v {
				l1 += math.Abs(float64(x))
			}
			code := shortlistCode(v)
			for b, dot := range hyperplaneDots(v) {
				total++
				if got, want := code[b/8]>>(b%8)&1 == 1, dot > 0; got != want {
					differ++
					if math.Abs(dot) > 1e-3*l1 {
						t.Fatalf("%d non-zero values: bit %d is %v, dot product %v (L1 norm %v)", nonZero, b, got, dot, l1)
					}
				}
			}
		}
	}
	if differ*1000 > total {
		t.Errorf("%d of %d bits differ from the floating-point signs", differ, total)
	}
	if code := shortlistCode(make([]float32, HashDims)); !bytes.Equal(code, make([]byte, shortlistBits/8)) {
		t.Errorf("the zero vector's code has bits set: %x", code)
	}
}

// BenchmarkShortlistCode codes hash-embedder vectors of real chunk texts'
// sparsity (about a hundred non-zero dimensions).
func BenchmarkShortlistCode(b *testing.B) {
	rng := rand.New(rand.NewPCG(13, 14))
	vecs := make([][]float32, 64)
	for i := range vecs {
		vecs[i] = make([]float32, HashDims)
		for range 100 {
			vecs[i][rng.IntN(HashDims)] = float32(rng.NormFloat64())
		}
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		shortlistCode(vecs[i%len(vecs)])
		i++
	}
}
