package stack

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

func TestIsVendored(t *testing.T) {
	for p, want := range map[string]bool{
		"example.com/app/vendor/github.com/x/y":                                               true,
		"vendor/golang.org/x/net/http2":                                                       true,
		"github.com/coreos/fleet/third_party/code.google.com/p/go.crypto/ssh":                 true,
		"github.com/AcalephStorage/consul-alerts/Godeps/_workspace/src/github.com/darkcrux/s": true,
		"/go/src/github.com/a/b/Godeps/_workspace/src/github.com/c/d/d.go":                    true,
		"/src/app/_vendor/gopkg.in/yaml.v2/yaml.go":                                           true,
		"example.com/app/external/github.com/x/y":                                             true,
		"example.com/app/third_party/ui":                                                      false,
		"example.com/app/external/client":                                                     false,
		"example.com/app/mythird_party/github.com/x/y":                                        false,
		"example.com/app/third_party/v1.2/x":                                                  true,
		"example.com/app/third_party/README.md":                                               false,
		"example.com/app/store":                                                               false,
		"example.com/vendors/x":                                                               false,
	} {
		if got := isVendored(p); got != want {
			t.Errorf("isVendored(%q) = %v, want %v", p, got, want)
		}
	}
}

// TestDumpKindCopiedDependencies checks that a dependency copied into the
// app's tree outside vendor/ is not the app's code, by its function's
// package and by its file alone.
func TestDumpKindCopiedDependencies(t *testing.T) {
	c := NewClassifier("github.com/coreos/fleet")
	tests := []struct{ fn, file, want string }{
		{"github.com/coreos/fleet/third_party/code.google.com/p/go.crypto/ssh.Dial",
			"/build/fleet/src/github.com/coreos/fleet/third_party/code.google.com/p/go.crypto/ssh/client.go", report.FrameDependency},
		{"github.com/coreos/fleet/third_party/code.google.com/p/go.crypto/ssh.Dial", "", report.FrameDependency},
		{"github.com/coreos/fleet/Godeps/_workspace/src/github.com/x/y.F", "", report.FrameDependency},
		{"main.main.Dial.func1", "/src/fleet/third_party/code.google.com/p/go.crypto/ssh/client.go", report.FrameDependency},
		{"github.com/coreos/fleet/third_party/ui.Render", "/src/github.com/coreos/fleet/third_party/ui/r.go", report.FrameApp},
	}
	for _, tt := range tests {
		if got := dumpKind(c, tt.fn, tt.file, appRoots{}); got != tt.want {
			t.Errorf("dumpKind(%s, %s) = %s, want %s", tt.fn, tt.file, got, tt.want)
		}
	}
}
