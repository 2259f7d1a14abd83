package explainerr

import (
	"fmt"
	"mime"
	"net/http"
	"net/url"
	"sort"

	"github.com/go-chi/chi/v5"

	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
)

// maxHeaders bounds how many request headers a report keeps.
const maxHeaders = 64

// maxFormBody bounds how much of an unread form body is parsed for the report.
const maxFormBody = 1 << 20

// describeRequest returns r as a report.Request with secrets hidden: values
// of sensitive headers, query and form fields are masked, a Cookie header
// keeps its cookies' names and masks their secret values, and secrets in
// the remaining text are redacted.
func describeRequest(r *http.Request) report.Request {
	q := report.Request{
		Method: r.Method,
		URL:    redactURL(r.URL),
		Route:  routePattern(r),
	}
	if len(r.Header) > 0 {
		names := make([]string, 0, len(r.Header))
		for name := range r.Header {
			names = append(names, name)
		}
		sort.Strings(names)
		q.Headers = make(map[string]string, min(len(names), maxHeaders+1))
		for i, name := range names {
			if i == maxHeaders {
				q.Headers["…"] = fmt.Sprintf("%d more headers not shown", len(names)-maxHeaders)
				break
			}
			q.Headers[name] = redact.Header(name, r.Header[name])
		}
	}
	q.Query = redact.Values(r.URL.Query())
	q.Form = redact.Values(postForm(r))
	return q
}

// postForm returns the request's form body fields: those the handler parsed,
// or, for an unread urlencoded body, what it holds.
func postForm(r *http.Request) url.Values {
	if r.PostForm != nil {
		return r.PostForm
	}
	if r.Body == nil || r.Method == http.MethodGet || r.Method == http.MethodHead {
		return nil
	}
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if ct != "application/x-www-form-urlencoded" {
		return nil
	}
	r.Body = http.MaxBytesReader(nil, r.Body, maxFormBody)
	if err := r.ParseForm(); err != nil {
		return nil
	}
	return r.PostForm
}

// redactURL returns the request URL with the values of sensitive query
// names and any user password hidden: what only the names give away (the
// seal redacts the rest).
func redactURL(u *url.URL) string {
	c := *u
	c.User = nil
	if c.RawQuery != "" {
		vals := c.Query()
		for k, vs := range vals {
			for i, v := range vs {
				vs[i] = redact.Value(k, v)
			}
		}
		c.RawQuery = vals.Encode()
	}
	return c.RequestURI()
}

// chiRouteFinder is what a chi router offers to find the route pattern a
// method and path match.
type chiRouteFinder interface {
	Find(rctx *chi.Context, method, path string) string
}

// routeFromRouter asks the handler the middleware wraps, when it is a
// router, which route pattern r matches: with explainerr wrapped around a
// whole chi router or ServeMux, the router records the pattern on its own
// copy of the request, which explainerr never sees. A router that panics
// when asked gives "".
func routeFromRouter(h http.Handler, r *http.Request) (pattern string) {
	defer func() {
		if recover() != nil {
			pattern = ""
		}
	}()
	switch h := h.(type) {
	case *http.ServeMux:
		_, pattern = h.Handler(r)
		return pattern
	case chiRouteFinder:
		path := r.URL.RawPath
		if path == "" {
			path = r.URL.Path
		}
		return h.Find(chi.NewRouteContext(), r.Method, path)
	}
	return ""
}

// routePattern returns chi's matched route pattern, or the ServeMux
// pattern, or "".
func routePattern(r *http.Request) string {
	if rc := chi.RouteContext(r.Context()); rc != nil {
		if p := rc.RoutePattern(); p != "" {
			return p
		}
	}
	return r.Pattern
}
