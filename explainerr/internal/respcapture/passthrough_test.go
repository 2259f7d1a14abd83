package respcapture

import "testing"

// TestIsWriterMethod: a method named like a ResponseWriter method is a
// pass-through writer's; a plain function or closure of that name, or
// another method, is not.
func TestIsWriterMethod(t *testing.T) {
	for fn, want := range map[string]bool{
		"main.(*statusWriter).WriteHeader":                         true,
		"github.com/go-chi/chi/v5/middleware.(*basicWriter).Write": true,
		"example.com/app/web.gzipWriter.Flush":                     true,
		"example.com/app/web.WriteHeader":                          false,
		"example.com/app/web.(*Server).handlePost.func1":           false,
		"main.(*statusWriter).Status":                              false,
		"main.main":                                                false,
	} {
		if got := isWriterMethod(fn); got != want {
			t.Errorf("isWriterMethod(%q) = %v, want %v", fn, got, want)
		}
	}
}
