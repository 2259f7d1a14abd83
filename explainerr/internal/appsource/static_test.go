package appsource

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

func TestStaticWithoutTheFilesUsesTheReportsWindows(t *testing.T) {
	src := &report.Source{StartLine: 10, Line: 12, Lines: []string{"func (c *Cart) Add(sku string) {", "\tn := c.db.Get(sku)", "\tc.lines[sku] += n", "}"}}
	r := &report.Report{Frames: []report.Frame{
		{Function: "example.com/shop.(*Cart).Add", File: "/elsewhere/shop/cart.go", Line: 12, Kind: report.FrameApp, Source: src},
		{Function: "example.com/shop.TestAdd", File: "/elsewhere/shop/cart_test.go", Line: 5, Kind: report.FrameApp, Source: src},
	}}
	got := Static(r)
	if len(got) != 1 {
		t.Fatalf("chunks %+v, want the window of the non-test frame only", got)
	}
	if c := got[0]; c.StartLine != 10 || c.EndLine != 13 || c.Symbol != "shop.(*Cart).Add" || !strings.Contains(c.Text, "c.lines[sku] += n") {
		t.Errorf("window chunk %+v", c)
	}
}

func TestStaticOrdersFrameCalleesAndReceiver(t *testing.T) {
	root := writeModule(t, calleeModule)
	cart := filepath.Join(root, "cart.go")
	r := &report.Report{Frames: []report.Frame{
		{Function: "example.com/shop.(*Cart).Add", File: cart, Line: 24, Kind: report.FrameApp},
		{Function: "example.com/shop.Handle.func1", File: cart, Line: 32, Kind: report.FrameApp},
	}}
	var got []string
	for _, c := range Static(r) {
		got = append(got, c.Kind+":"+c.Symbol)
	}
	// The frames' functions; the calls on the failing lines (none new
	// here: Handle's line calls Add, already shown); the innermost
	// method's receiver type; then the other callees, the innermost
	// frame's first, nearest the failing line first.
	want := "func:(*Cart).Add func:Handle type:Cart func:(*Store).Get func:normalize func:New func:Other.Get"
	if strings.Join(got, " ") != want {
		t.Errorf("static context %q, want %q", got, want)
	}
}
