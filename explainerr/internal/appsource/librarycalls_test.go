package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestMethodALibraryCalled: a library's error that blames a method it
// called on the app's value (net/http's "seeker can't seek", encoding/
// json's "error calling MarshalJSON for type …") brings the module's
// implementation of that method, of the type named when one is.
func TestMethodALibraryCalled(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/media\n",
		"blob/blob.go": `package blob

import (
	"errors"
	"io"
)

type chunked struct {
	size, at int64
}

func (c *chunked) Read(p []byte) (int, error) { return 0, io.EOF }

func (c *chunked) Seek(offset int64, whence int) (int64, error) {
	if whence == io.SeekEnd && offset >= 0 {
		return 0, errors.New("offset past the end")
	}
	c.at = offset
	return c.at, nil
}

func Open(size int64) io.ReadSeeker { return &chunked{size: size} }
`,
		"money/money.go": `package money

import "fmt"

type Cents int64

func (c Cents) MarshalJSON() ([]byte, error) { return nil, fmt.Errorf("negative amount %d", c) }

type Rate float64

func (r Rate) MarshalJSON() ([]byte, error) { return []byte("1"), nil }
`,
		"web/web.go": `package web

import (
	"net/http"
	"time"

	"example.com/media/blob"
)

func download(w http.ResponseWriter, r *http.Request) {
	http.ServeContent(w, r, "clip.mp4", time.Now(), blob.Open(10))
}
`,
	})
	frame := report.Frame{Function: "example.com/media/web.download", File: "web/web.go", Line: 11}
	got := reasonsInOrder(Static(shelfReport(root, "seeker can't seek", frame)))
	if len(got) < 2 || got[1] != "implementation:(*chunked).Seek" {
		t.Errorf("want the content's Seek after the frame, got %v", got)
	}
	got = reasonsInOrder(Static(shelfReport(root, "json: error calling MarshalJSON for type money.Cents: unexpected end of JSON input", frame)))
	if !contains(got, "implementation:Cents.MarshalJSON") || contains(got, "implementation:Rate.MarshalJSON") {
		t.Errorf("want Cents' MarshalJSON and not Rate's, got %v", got)
	}
}
