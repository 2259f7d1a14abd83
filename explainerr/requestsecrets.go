package explainerr

import (
	"bytes"
	"encoding/json"
	"mime"
	"net/http"
	"net/url"

	"github.com/explainerr/explainerr/explainerr/redact"
)

// requestSecrets returns the secrets r carries: the values of sensitive
// headers, the cookie values the request section hides
// (redact.HeaderSecrets), the values of query and form fields that are
// sensitive or look random, and those of the fields of the body its
// handler read. The
// request section masks them by their names; the report must not show
// them anywhere else either (an app that logs a password, an error that
// quotes a token).
func requestSecrets(r *http.Request, body *bodyRecorder) *redact.Known {
	k := new(redact.Known)
	for name, vs := range r.Header {
		for _, v := range redact.HeaderSecrets(name, vs) {
			k.Add(v)
		}
	}
	addFields(k, r.URL.Query())
	addFields(k, r.PostForm)
	if r.MultipartForm != nil {
		addFields(k, r.MultipartForm.Value)
	}
	if body != nil {
		addBodySecrets(k, body.buf, r.Header.Get("Content-Type"))
	}
	return k
}

// addFields adds the values of the sensitive fields of vals to k.
func addFields(k *redact.Known, vals url.Values) {
	for name, vs := range vals {
		k.AddField(name, vs)
	}
}

// addBodySecrets adds to k the values of sensitive fields of a recorded
// body: form fields, and the values of sensitive keys of JSON, whatever the
// content type claims (curl -d sends JSON as a form).
func addBodySecrets(k *redact.Known, data []byte, contentType string) {
	mt, params, _ := mime.ParseMediaType(contentType)
	switch mt {
	case "application/x-www-form-urlencoded":
		vals, _ := url.ParseQuery(string(data))
		addFields(k, vals)
	case "multipart/form-data":
		addFields(k, multipartFields(data, params["boundary"]))
	}
	if t := bytes.TrimSpace(data); len(t) > 0 && (t[0] == '{' || t[0] == '[') {
		dec := json.NewDecoder(bytes.NewReader(t))
		dec.UseNumber()
		var v any
		if dec.Decode(&v) == nil {
			addJSONSecrets(k, v, 0)
		}
	}
}

// addJSONSecrets adds to k the values given to sensitive keys in v, a
// decoded JSON value, and the strings given to other keys that look
// random (redact.LooksRandom), to maxJSONDepth levels.
func addJSONSecrets(k *redact.Known, v any, depth int) {
	if depth > maxJSONDepth {
		return
	}
	switch v := v.(type) {
	case map[string]any:
		for key, val := range v {
			switch s := val.(type) {
			case string:
				if redact.IsSensitiveName(key) || redact.LooksRandom(key, s) {
					k.Add(s)
				}
			case json.Number:
				if redact.IsSensitiveName(key) {
					k.Add(s.String())
				}
			}
			addJSONSecrets(k, val, depth+1)
		}
	case []any:
		for _, e := range v {
			addJSONSecrets(k, e, depth+1)
		}
	}
}
