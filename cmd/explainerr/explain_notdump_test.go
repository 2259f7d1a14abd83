package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// randomBytes returns n bytes of a fixed pseudo-random sequence.
func randomBytes(n int) []byte {
	data := make([]byte, n)
	r := rand.NewChaCha8([32]byte{7})
	r.Read(data)
	return data
}

// randomText returns n bytes of printable pseudo-random text in lines,
// without colons, so that it names no file and line.
func randomText(n int) []byte {
	const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,;()[]{}=+-*/_\"'"
	r := rand.New(rand.NewPCG(1, 2))
	data := make([]byte, n)
	for i := range data {
		if r.IntN(80) == 0 {
			data[i] = '\n'
		} else {
			data[i] = alphabet[r.IntN(len(alphabet))]
		}
	}
	return data
}

// TestExplainRefusesWhatIsNoDump: megabytes of input that cannot hold a
// frame are refused with an error that says what was expected, without
// parsing them line by line (BenchmarkExplainRandomBytes times 64 MiB).
func TestExplainRefusesWhatIsNoDump(t *testing.T) {
	noModelEnv(t)
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		data []byte
		why  string
	}{
		{"random bytes", randomBytes(4 << 20), "it is binary data, not text"},
		{"random text", randomText(4 << 20), "no goroutine header and no line that names a Go file and line"},
		{"a log without frames", bytes.Repeat([]byte("2026/12/01 10:00:00 GET /posts/7 200 1.2ms panic: recovered? no\n"), 50000), "no goroutine header and no line that names a Go file and line"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-"))
			if err := os.WriteFile(path, tc.data, 0o644); err != nil {
				t.Fatal(err)
			}
			code, out, errs := runCLI(t, "", "explain", "-module", "example.com/app", path)
			if code != 1 || out != "" {
				t.Errorf("exit %d, stdout %q; want exit 1 and no output", code, out)
			}
			for _, want := range []string{"explainerr explain: " + path + ": no goroutine stack found in the input", tc.why, `expected Go crash output with lines such as "goroutine 1 [running]:"`} {
				if !strings.Contains(errs, want) {
					t.Errorf("the error lacks %q:\n%s", want, errs)
				}
			}
		})
	}
}

// TestExplainLargeDumpWithBinaryBytes: a dump large enough to be judged by
// its share of binary lines, whose panic value printed control bytes, is
// explained: a few binary lines do not make a dump binary.
func TestExplainLargeDumpWithBinaryBytes(t *testing.T) {
	noModelEnv(t)
	var b strings.Builder
	b.WriteString("panic: bad frame \x00\x01\x02\x03\x7f in the stream\n\ngoroutine 1 [running]:\nmain.decode(...)\n\t/app/main.go:12 +0x1d\nmain.main()\n\t/app/main.go:5 +0x25\n")
	for g := 2; b.Len() < 200<<10; g++ {
		fmt.Fprintf(&b, "\ngoroutine %d [chan receive]:\nmain.worker(0x%x)\n\t/app/worker.go:9 +0x2a\ncreated by main.main in goroutine 1\n\t/app/main.go:4 +0x3c\n", g, g)
	}
	path := filepath.Join(t.TempDir(), "dump.txt")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI(t, "", "explain", "-print-prompt", "-module", "main", path)
	if code != 0 || !strings.Contains(errs, "goroutine 1 [running] failed") || !strings.Contains(out, "main.decode") {
		t.Fatalf("exit %d, stderr %q, stdout %.300q", code, errs, out)
	}
}
