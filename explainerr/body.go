package explainerr

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/url"
	"strings"
	"unicode/utf8"

	"github.com/explainerr/explainerr/explainerr/redact"
)

// Bounds of the recorded request body.
const (
	// maxRecordedBody is how much of the body the handler read is kept.
	maxRecordedBody = 64 << 10
	// maxShownBody is how much of a JSON or text body a report shows.
	maxShownBody = 8 << 10
	// maxFormValue bounds one multipart field's value.
	maxFormValue = 1 << 10
)

// bodyRecorder wraps a request body and keeps the first maxRecordedBody
// bytes the handler reads through it, whichever copy of the request the
// handler reads from (r.WithContext copies share the body). It allocates
// its buffer on the first read, so a handler that never reads its body
// pays for the wrapper alone.
type bodyRecorder struct {
	io.ReadCloser
	buf  []byte
	read int64
}

// Read reads from the body and keeps a copy of what it returns.
func (b *bodyRecorder) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if n > 0 {
		b.read += int64(n)
		if room := maxRecordedBody - len(b.buf); room > 0 {
			b.buf = append(b.buf, p[:min(n, room)]...)
		}
	}
	return n, err
}

// bodyView is what a report shows of a recorded body: form fields, or the
// body itself with its media type.
type bodyView struct {
	form      url.Values
	text      string
	mediaType string
}

// describeBody returns what the handler read of the body of a request with
// the given Content-Type, redacted: urlencoded and multipart form fields
// (not files), JSON with the values of sensitive keys masked, or text. It
// returns nothing when the handler read nothing.
func (b *bodyRecorder) describeBody(contentType string) bodyView {
	if b == nil || b.read == 0 {
		return bodyView{}
	}
	data, cut := b.buf, b.read > int64(len(b.buf))
	mt, params, _ := mime.ParseMediaType(contentType)
	v := bodyView{mediaType: mt}
	switch {
	case mt == "application/x-www-form-urlencoded":
		// A cut body still yields the fields before the cut.
		if vals, _ := url.ParseQuery(string(data)); len(vals) > 0 {
			v.form = redact.Values(vals)
			return v
		}
	case mt == "multipart/form-data":
		if vals := multipartFields(data, params["boundary"]); len(vals) > 0 {
			v.form = redact.Values(vals)
			return v
		}
	case isJSON(mt, data):
		if text, err := redactJSON(data); err == nil && len(text) <= maxShownBody {
			v.text = text
			return v
		}
	}
	v.text = bodyText(data, cut, b.read, mt)
	return v
}

// isJSON reports whether a body of media type mt is JSON.
func isJSON(mt string, data []byte) bool {
	if mt == "application/json" || strings.HasSuffix(mt, "+json") {
		return true
	}
	if mt != "" && mt != "text/plain" {
		return false
	}
	t := bytes.TrimSpace(data)
	return len(t) > 0 && (t[0] == '{' || t[0] == '[')
}

// bodyText shows a body that is no form or whole JSON: text cut to
// maxShownBody (redacted with the rest of the report when it is sealed),
// or a size for binary data.
func bodyText(data []byte, cut bool, read int64, mt string) string {
	if !utf8.Valid(trimPartialRune(data)) || bytes.IndexByte(data, 0) >= 0 {
		if mt == "" {
			mt = "binary data"
		}
		return fmt.Sprintf("(%d bytes of %s, not shown)", read, mt)
	}
	text := data
	if len(text) > maxShownBody {
		text, cut = trimPartialRune(text[:maxShownBody]), true
	}
	s := string(text)
	if cut {
		s += fmt.Sprintf("\n… (cut; the handler read %d bytes)", read)
	}
	return s
}

// trimPartialRune drops an incomplete UTF-8 sequence at the end of b.
func trimPartialRune(b []byte) []byte {
	for i := 1; i <= utf8.UTFMax && i <= len(b); i++ {
		if utf8.RuneStart(b[len(b)-i]) {
			if !utf8.FullRune(b[len(b)-i:]) {
				return b[:len(b)-i]
			}
			break
		}
	}
	return b
}

// multipartFields returns the non-file fields of a multipart body, as far
// as it can be read.
func multipartFields(data []byte, boundary string) url.Values {
	if boundary == "" {
		return nil
	}
	vals := url.Values{}
	mr := multipart.NewReader(bytes.NewReader(data), boundary)
	for len(vals) < 100 {
		part, err := mr.NextPart()
		if err != nil {
			break
		}
		name := part.FormName()
		if name == "" || part.FileName() != "" {
			continue
		}
		value, err := io.ReadAll(io.LimitReader(part, maxFormValue+1))
		if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
			break
		}
		s := string(value)
		if len(value) > maxFormValue {
			s = string(trimPartialRune(value[:maxFormValue])) + "…"
		}
		vals.Add(name, s)
	}
	return vals
}

// redactJSON returns data re-indented with the values of sensitive keys
// (password, token, api_key, …) masked, whatever their type: what only
// their names give away. The secrets in the remaining text are redacted
// with the rest of the report when it is sealed.
func redactJSON(data []byte) (string, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var out bytes.Buffer
	if err := copyJSONValue(dec, &out, 0); err != nil {
		return "", err
	}
	if _, err := dec.Token(); err != io.EOF {
		return "", errors.New("more than one JSON value")
	}
	var indented bytes.Buffer
	if err := json.Indent(&indented, out.Bytes(), "", "  "); err != nil {
		return "", err
	}
	return indented.String(), nil
}

// maxJSONDepth bounds the nesting copyJSONValue follows.
const maxJSONDepth = 100

// copyJSONValue copies the next JSON value from dec to out, masking the
// values of sensitive object keys.
func copyJSONValue(dec *json.Decoder, out *bytes.Buffer, depth int) error {
	if depth > maxJSONDepth {
		return errors.New("JSON nested too deeply")
	}
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch t := tok.(type) {
	case json.Delim:
		closing := byte(']')
		if t == '{' {
			closing = '}'
		}
		out.WriteByte(byte(t))
		for i := 0; dec.More(); i++ {
			if i > 0 {
				out.WriteByte(',')
			}
			if t == '[' {
				if err := copyJSONValue(dec, out, depth+1); err != nil {
					return err
				}
				continue
			}
			key, err := dec.Token()
			if err != nil {
				return err
			}
			name, _ := key.(string)
			writeJSON(out, name)
			out.WriteByte(':')
			if redact.IsSensitiveName(name) {
				var skip json.RawMessage
				if err := dec.Decode(&skip); err != nil {
					return err
				}
				writeJSON(out, redact.Mask)
				continue
			}
			if err := copyJSONValue(dec, out, depth+1); err != nil {
				return err
			}
		}
		if _, err := dec.Token(); err != nil {
			return err
		}
		out.WriteByte(closing)
	default:
		writeJSON(out, t)
	}
	return nil
}

// writeJSON writes v (a string, json.Number, bool or nil) as JSON, with
// no trailing line break and <, > and & left as they are.
func writeJSON(out *bytes.Buffer, v any) {
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	if n := out.Len(); n > 0 && out.Bytes()[n-1] == '\n' {
		out.Truncate(n - 1)
	}
}
