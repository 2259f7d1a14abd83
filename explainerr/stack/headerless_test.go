package stack

import (
	"slices"
	"strings"
	"testing"
)

// TestParseDumpPasteDamage parses dumps whose paste lost what the
// goroutine parser needs: a blank line after the goroutine header, an
// argument list wrapped onto its own line, a frame without its file line,
// the goroutine header itself (with or without a log prefix), the
// "panic: " before a runtime error.
func TestParseDumpPasteDamage(t *testing.T) {
	tests := []struct {
		name, in  string
		goroutine int
		apps      []string
		header    string
		warning   bool
	}{
		{"blank line after the header", "panic: boom\n\ngoroutine 7 [running]:\n\nexample.com/app.F()\n\t/src/app/f.go:3 +0x1\n",
			7, []string{"example.com/app.F"}, "panic: boom", false},
		{"wrapped arguments", "panic: boom\n\ngoroutine 7 [running]:\nexample.com/app.run.func5\n(0xc0430b1e20, 0xc04208e2c0)\n        /src/app/run.go:155 +0x1b7\ncreated by example.com/app.run\n        /src/app/run.go:141 +0x40d\n",
			7, []string{"example.com/app.run.func5"}, "panic: boom", false},
		{"a frame without its file line", "panic: boom\n\ngoroutine 7 [running]:\nexample.com/app.G(0x1)\nexample.com/app.F()\n\t/src/app/f.go:3 +0x1\n",
			7, []string{"example.com/app.G", "example.com/app.F"}, "panic: boom", false},
		{"no goroutine header", "fatal error: stack overflow\nruntime stack:\nruntime.throw(0x94e0ec, 0xe)\nexample.com/app/t.(*Ticker).Stop(0xc0a7fffd98)\napp/t/host.go:107 +0x41 fp=0xc088000378 sp=0xc088000370 pc=0x82a981\n..\n",
			1, []string{"example.com/app/t.(*Ticker).Stop"}, "fatal error: stack overflow", true},
		{"no goroutine header, a log prefix", "Wed, Sep 1 2021 9:38:45 am | example.com/app/s.log(0x1, 0x2)\nWed, Sep 1 2021 9:38:45 am | example.com/app/s/log.go:106 +0x1cc\nWed, Sep 1 2021 9:38:46 am | example.com/app/s.New(0x1)\nWed, Sep 1 2021 9:38:46 am | example.com/app/s/log.go:182 +0x3e5\n",
			1, []string{"example.com/app/s.log", "example.com/app/s.New"}, "", true},
		{"one-line frames of a log service", "2024/03/02 10:04:11 http: panic serving 10.0.0.7:51234: runtime error: index out of range [3] with length 3\nat net/http.(*conn).serve.func1 (server.go:1898)\nat panic (/usr/local/go/src/runtime/panic.go:770)\nat example.com/app/web.(*Server).showPost (posts.go:41)\nat example.com/app/web.(*Server).routes.func2 (routes.go:17)\nat net/http.HandlerFunc.ServeHTTP (server.go:2171)\n",
			1, []string{"example.com/app/web.(*Server).showPost", "example.com/app/web.(*Server).routes.func2"}, "panic: runtime error: index out of range [3] with length 3", true},
		{"a recoverer's frames with their functions (gin)", "[Recovery] 2024/03/02 - 10:04:11 panic recovered:\nGET /posts/7 HTTP/1.1\nHost: localhost:8080\n\n\nruntime error: index out of range [3] with length 3\n/usr/local/go/src/runtime/panic.go:114 (0x43c8f3)\n\tgoPanicIndex: panic(boundsError{x: int64(x), signed: true, y: y, code: boundsIndex})\n/home/dev/app/web/posts.go:41 (0x6b2f1a)\n\t(*Server).showPost: tag := post.Tags[3]\n/home/dev/go/pkg/mod/github.com/gin-gonic/gin@v1.9.1/context.go:174 (0x6a1c2e)\n\t(*Context).Next: c.handlers[c.index](c)\n/usr/local/go/src/net/http/server.go:3137 (0x56e7ad)\n\tserverHandler.ServeHTTP: handler.ServeHTTP(rw, req)\n",
			1, []string{"example.com/app/web.(*Server).showPost"}, "panic: runtime error: index out of range [3] with length 3", true},
		{"a recoverer's frames without functions, under a log prefix (Macaron)", "Feb 26 07:08:28 host app[13880]: [Macaron] PANIC: assignment to entry in nil map\nFeb 26 07:08:28 host app[13880]: /usr/lib/go/src/runtime/map_faststr.go:204 (0x4144ac)\nFeb 26 07:08:28 host app[13880]: /build/go/src/example.com/app/db/store.go:260 (0x1c6a8e4)\nFeb 26 07:08:28 host app[13880]: /build/go/src/example.com/app/routes/update.go:151 (0x1dc3e0d)\nFeb 26 07:08:28 host app[13880]: /usr/lib/go/src/reflect/value.go:476 (0x4d6546)\n",
			1, []string{"example.com/app/db.func·", "example.com/app/routes.func·"}, "panic: assignment to entry in nil map", true},
		{"no goroutine header, the whole stack indented", "stack trace:\n\n        example.com/app.(*T).Add(...)\n                /src/app/t.go:153\n        example.com/app.Update(0xc42028a0c0)\n                /src/app/u.go:1128 +0x1453\n",
			1, []string{"example.com/app.(*T).Add", "example.com/app.Update"}, "", true},
		{"panic: lost before a runtime error", "runtime error: invalid memory address or nil pointer dereference\n[signal 0xc0000005 code=0x0 addr=0x20 pc=0x9a92c7]\n\ngoroutine 23 [running]:\nexample.com/app.F()\n\t/src/app/f.go:3 +0x1\n",
			23, []string{"example.com/app.F"}, "panic: runtime error: invalid memory address or nil pointer dereference", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := parseString(t, tt.in, NewClassifier("example.com/app"))
			if d.Goroutine != tt.goroutine {
				t.Errorf("goroutine %d, want %d", d.Goroutine, tt.goroutine)
			}
			if got := appFunctions(d.Frames); !slices.Equal(got, tt.apps) {
				t.Errorf("app frames %q, want %q (frames %+v)", got, tt.apps, d.Frames)
			}
			for _, f := range d.Frames {
				if strings.Contains(f.File, "explainerr.") {
					t.Errorf("a stand-in file is left: %+v", f)
				}
			}
			if got := strings.Join(d.Header, "\n"); tt.header != "" && (len(d.Header) == 0 || d.Header[0] != tt.header) || tt.header == "" && got != "" {
				t.Errorf("header %q, want %q", got, tt.header)
			}
			if got := slices.Contains(d.Warnings, headerlessWarning); got != tt.warning {
				t.Errorf("warnings %q; the headerless warning wanted: %v", d.Warnings, tt.warning)
			}
		})
	}
}

func TestFramePrefix(t *testing.T) {
	for in, want := range map[string]string{
		"Wed, Sep 1 2021 9:38:45 am | a/b.F(0x1)\nWed, Sep 1 2021 9:38:45 am | a/b/f.go:3 +0x1": "Wed, Sep 1 2021 9:38:45 am | ",
		"web-1  | a/b.F(0x1)\nweb-1  |     a/b/f.go:3 +0x1":                                     "web-1  | ",
		"a/b.F(0x1)\n\ta/b/f.go:3 +0x1":                                                         "",
		"note: see a/b.F(0x1)\nand more":                                                        "",
	} {
		if got := framePrefix(strings.Split(in, "\n")); got != want {
			t.Errorf("framePrefix(%q) = %q, want %q", in, got, want)
		}
	}
}
