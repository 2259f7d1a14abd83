package respcapture

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// bodyMessage turns a captured 5xx body into the failure's message. A body
// compressed by a compressor inside explainerr (chi's middleware.Compress)
// is decoded, bounded; one in an encoding that cannot be decoded here is
// not shown as bytes but marked. An HTML error page becomes its text.
func bodyMessage(body []byte, total int, h http.Header) string {
	enc := strings.ToLower(strings.TrimSpace(h.Get("Content-Encoding")))
	var msg string
	cut := total > len(body)
	switch enc {
	case "", "identity":
		msg = string(body)
	case "gzip", "x-gzip", "deflate":
		text, complete := decompress(enc, body)
		msg = text
		cut = cut || !complete
	default:
		return fmt.Sprintf("(a %d-byte body in Content-Encoding %q, not shown)", total, enc)
	}
	if text, ok := htmlPageText(msg, h); ok {
		// An error page the app rendered: its text, not its markup.
		msg = text
	}
	if cut {
		msg += "… (body cut)"
	}
	return strings.ToValidUTF8(msg, "\uFFFD")
}

// decompress decodes up to maxCapturedBody bytes of a gzip or deflate
// body. complete is false when the body was cut or could not be read to
// its end; what was decoded is returned either way.
func decompress(enc string, body []byte) (text string, complete bool) {
	var r io.Reader
	var err error
	switch enc {
	case "deflate":
		// "deflate" is zlib-wrapped by the HTTP spec; some servers send it raw.
		if r, err = zlib.NewReader(bytes.NewReader(body)); err != nil {
			r, err = flate.NewReader(bytes.NewReader(body)), nil
		}
	default:
		r, err = gzip.NewReader(bytes.NewReader(body))
	}
	if err != nil {
		return fmt.Sprintf("(a %d-byte body in Content-Encoding %q that could not be decoded)", len(body), enc), true
	}
	out, err := io.ReadAll(io.LimitReader(r, maxCapturedBody+1))
	if len(out) > maxCapturedBody {
		return string(out[:maxCapturedBody]), false
	}
	return string(out), err == nil
}
