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
		{Function: "example.com/shop.Handle", File: cart, Line: 32, Kind: report.FrameApp},
	}}
	var got []string
	for _, c := range Static(r) {
		got = append(got, c.Kind+":"+c.Symbol)
	}
	// The frames' functions (the literal Handle runs, then Handle); the
	// calls on the failing lines (none new here: the literal's line calls
	// Add, already shown); the innermost method's receiver type; then the
	// other callees, the innermost frame's first, nearest the failing
	// line first.
	want := "func:(*Cart).Add func:Handle func:Handle type:Cart func:(*Store).Get func:normalize func:New func:Other.Get"
	if strings.Join(got, " ") != want {
		t.Errorf("static context %q, want %q", got, want)
	}
}

// TestStaticOfAnInlineHandler: a chi app's handlers are often function
// literals in one routes function. A failure in one of them gets that
// literal and its calls as context, not the routes function's other
// handlers and what they call.
func TestStaticOfAnInlineHandler(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/chat\n",
		"routes.go": `package chat

func listRooms() []string { return nil }

func lastMessage(room string) *Message { return nil }

type Message struct{ Text string }

func (s *Server) routes() {
	s.get("/rooms", func(w Writer, r *Request) {
		rooms := listRooms()
		w.Write(rooms)
	})
	s.get("/rooms/last", func(w Writer, r *Request) {
		m := lastMessage(r.Room)
		w.Write(m.Text)
	})
}
`,
	})
	routes := filepath.Join(root, "routes.go")
	r := &report.Report{Frames: []report.Frame{
		{Function: "example.com/chat.(*Server).routes.func2", File: routes, Line: 16, Kind: report.FrameApp},
	}}
	var got []string
	for _, c := range Static(r) {
		got = append(got, c.Kind+":"+c.Symbol)
		if c.Reason == report.ReasonFrame && (c.StartLine != 14 || c.EndLine != 17) {
			t.Errorf("the frame's chunk is lines %d-%d, want the literal's 14-17:\n%s", c.StartLine, c.EndLine, c.Text)
		}
	}
	if want := "func:(*Server).routes func:lastMessage"; strings.Join(got, " ") != want {
		t.Errorf("static context %q, want %q (the other handler's listRooms left out)", got, want)
	}
}
