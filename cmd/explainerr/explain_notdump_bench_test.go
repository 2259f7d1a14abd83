//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// BenchmarkExplainRandomBytes is "explainerr explain" on 64 MiB of random
// bytes, the largest input it reads: refused within a second.
func BenchmarkExplainRandomBytes(b *testing.B) {
	path := filepath.Join(b.TempDir(), "random.bin")
	if err := os.WriteFile(path, randomBytes(64<<20), 0o644); err != nil {
		b.Fatal(err)
	}
	benchmarkRefusal(b, path, "binary data")
}

// BenchmarkExplainRandomText is "explainerr explain" on 64 MiB of
// printable random text in lines that names no file and line.
func BenchmarkExplainRandomText(b *testing.B) {
	path := filepath.Join(b.TempDir(), "random.txt")
	if err := os.WriteFile(path, randomText(64<<20), 0o644); err != nil {
		b.Fatal(err)
	}
	benchmarkRefusal(b, path, "no goroutine header")
}

// benchmarkRefusal times "explainerr explain" of the file at path, which
// it must refuse with an error holding want, and reports the CPU time
// (user and system) per run besides the wall time, which a busy machine
// inflates more.
func benchmarkRefusal(b *testing.B, path, want string) {
	b.Setenv("OPENAI_API_KEY", "")
	b.Setenv("EXPLAINERR_PROVIDER", "offline")
	before := cpuTime(b)
	for b.Loop() {
		var out, errs bytes.Buffer
		if code := run([]string{"explain", "-module", "example.com/app", path}, strings.NewReader(""), &out, &errs); code != 1 || !strings.Contains(errs.String(), want) {
			b.Fatalf("exit %d, %s", code, errs.String())
		}
	}
	b.ReportMetric(float64(cpuTime(b)-before)/float64(b.N)/1e6, "cpu-ms/op")
}

// cpuTime is the process's CPU time so far, user and system.
func cpuTime(b *testing.B) time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		b.Fatal(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
