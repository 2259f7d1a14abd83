package offline

import (
	"github.com/explainerr/explainerr/explainerr/stack"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/site"
)

// A crash dump cut inside the app's frame may show the frame's function
// without its file, or its file without the line. The location section
// then names what the dump shows and says what it does not, and never
// refers to "this line".

// sitePlace names where the site is: "`file:line` in `Function`", the file
// alone when the dump does not show the line, the function alone when it
// does not show the file.
func sitePlace(s site.Site) string {
	switch {
	case s.Frame.File == "":
		return code(s.Function)
	case stack.IsUnnamed(s.Frame.Function):
		// A recoverer's stack (gin's, Martini's) names files only.
		return code(loc(s.File, s.Line)) + " (the stack does not name its function)"
	}
	return code(loc(s.File, s.Line)) + " in " + code(s.Function)
}

// siteUnshown says what the dump does not show of the site's place (" (the
// dump does not show the line)"); "" when it shows its file and line.
func siteUnshown(s site.Site) string {
	switch {
	case s.Frame.File == "":
		return " (the dump does not show its file and line)"
	case s.Line <= 0:
		return " (the dump does not show the line)"
	}
	return ""
}

// siteCaller names what made the call into the library function that raised
// the failure: "this line", or the function when the dump does not show
// its line.
func siteCaller(s site.Site) string {
	if s.Frame.File == "" || s.Line <= 0 {
		return code(s.Function)
	}
	return "this line"
}
