package source

import (
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
)

// TestTypeCheckingIsSerial: serialcheck is initialized before go/packages
// (so that go/packages type-checks one package at a time), and the program
// has its processors back once this package is initialized.
func TestTypeCheckingIsSerial(t *testing.T) {
	if os.Getenv("GOMAXPROCS") == "" && runtime.GOMAXPROCS(0) != runtime.NumCPU() {
		t.Errorf("GOMAXPROCS is %d after initialization, want %d", runtime.GOMAXPROCS(0), runtime.NumCPU())
	}
	cmd := exec.Command(os.Args[0], "-test.run", "^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("running the test binary: %v\n%s", err, out)
	}
	order := map[string]int{}
	for i, line := range strings.Split(string(out), "\n") {
		if f := strings.Fields(line); len(f) > 1 && f[0] == "init" {
			order[f[1]] = i + 1
		}
	}
	serial, loader := order["github.com/explainerr/explainerr/evals/internal/serialcheck"], order["golang.org/x/tools/go/packages"]
	if serial == 0 || loader == 0 || serial > loader {
		t.Errorf("serialcheck initialized at line %d, go/packages at %d of the init trace; want serialcheck first", serial, loader)
	}
}
