package logrecord

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// parseJSON reads a JSON object's fields as text: strings as they are,
// numbers and booleans as written, nested objects and arrays as JSON. A
// slog source object ({"function","file","line"}) becomes "file:line".
func parseJSON(line string) (map[string]string, bool) {
	dec := json.NewDecoder(strings.NewReader(line))
	dec.UseNumber()
	var raw map[string]json.RawMessage
	if err := dec.Decode(&raw); err != nil || len(raw) == 0 {
		return nil, false
	}
	out := make(map[string]string, len(raw))
	for k, v := range raw {
		out[k] = jsonText(k, v)
	}
	return out, true
}

// jsonText returns a JSON value as text.
func jsonText(key string, v json.RawMessage) string {
	v = bytes.TrimSpace(v)
	if len(v) == 0 || string(v) == "null" {
		return ""
	}
	switch v[0] {
	case '"':
		var s string
		if json.Unmarshal(v, &s) == nil {
			return s
		}
	case '{':
		if key == "source" {
			var src struct {
				Function string      `json:"function"`
				File     string      `json:"file"`
				Line     json.Number `json:"line"`
			}
			if json.Unmarshal(v, &src) == nil && src.File != "" {
				at := src.File
				if src.Line != "" {
					at += ":" + src.Line.String()
				}
				return at
			}
		}
		var obj map[string]json.RawMessage
		if json.Unmarshal(v, &obj) == nil {
			// An error logged as an object: its message, when it has one.
			for _, k := range []string{"message", "msg", "error"} {
				if m, ok := obj[k]; ok && len(m) > 0 && m[0] == '"' {
					var s string
					if json.Unmarshal(m, &s) == nil {
						return s
					}
				}
			}
		}
	case 't', 'f':
		if b, err := strconv.ParseBool(string(v)); err == nil {
			return strconv.FormatBool(b)
		}
	}
	return string(v)
}
