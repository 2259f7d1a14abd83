package index

import (
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
	if len(code)*8 != codeBits(HashDims) {
		t.Fatalf("code of %d bits, want %d", len(code)*8, codeBits(HashDims))
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
