package offline

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestNilInsideAWrappingConstructorsValue: a decoder made by
// xml.NewDecoder is never nil; the nil is the reader it wraps, the
// parameter (declared above the frame's window) its caller passed from
// an upload whose error it dropped.
func TestNilInsideAWrappingConstructorsValue(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/maps\n\ngo 1.22\n",
		"gpx/read.go": `package gpx

import (
	"encoding/xml"
	"io"
)

// Track is a recorded route.
type Track struct {
	Name string ` + "`xml:\"name\"`" + `
}

// Read reads a track.
func Read(r io.Reader) (Track, error) {
	var t Track
	t.Name = "untitled"
	dec := xml.NewDecoder(r)
	dec.Strict = false
	dec.AutoClose = xml.HTMLAutoClose
	dec.Entity = xml.HTMLEntity
	err := dec.Decode(&t) //!decode
	return t, err
}
`,
		"web/upload.go": `package web

import (
	"net/http"

	"example.com/maps/gpx"
)

func upload(w http.ResponseWriter, r *http.Request) {
	file, _, _ := r.FormFile("track")
	track, err := gpx.Read(file) //!call
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	w.Write([]byte(track.Name))
}
`,
	})
	r := panicReport("runtime.errorString", "runtime error: invalid memory address or nil pointer dereference",
		app.frame(t, "decode", "example.com/maps/gpx.Read"), app.frame(t, "call", "example.com/maps/web.upload"))
	r.Frames = append([]report.Frame{{Function: "encoding/xml.(*Decoder).Decode", File: "/usr/local/go/src/encoding/xml/read.go", Line: 150}}, r.Frames...)
	text := Analyze(r)
	mustHave(t, text, "`dec` is made by `xml.NewDecoder(r)`, which always returns the value it builds", "discards the error")
	if strings.Contains(text, "if dec == nil") {
		t.Errorf("advises a nil check of the decoder:\n%s", text)
	}
}
