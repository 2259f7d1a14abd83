package offline

import (
	"strings"

	"github.com/explainerr/explainerr/explainerr/provider/offline/internal/linefacts"
)

// The runtime's message gives the shape of the slice expression that
// failed: "[:1] with length 0" is a high bound past the length, "[5:3]" a
// low bound past the high one (or past the length, for s[5:]), "[::9] with
// capacity 4" a max bound past the capacity. With several slice expressions
// on the line, the shape (and a literal bound) tells which one failed.

// slicesOfShape returns the slice expressions of ops that fit the bounds of
// the runtime's message; ops itself when none or all fit, or the message's
// shape is not known.
func slicesOfShape(ops []linefacts.SliceOp, bounds string) []linefacts.SliceOp {
	if len(ops) < 2 {
		return ops
	}
	parts := strings.Split(bounds, ":")
	var fits func(linefacts.SliceOp) bool
	var literal func(linefacts.SliceOp) string
	var value string
	switch {
	case len(parts) == 2 && parts[0] == "" && parts[1] != "":
		// [:high]: the high bound is past the length or capacity.
		fits = func(o linefacts.SliceOp) bool { return o.High != "" && o.Max == "" }
		literal, value = func(o linefacts.SliceOp) string { return o.High }, parts[1]
	case len(parts) == 2 && parts[0] != "":
		// [low:high]: the low bound is past the high one.
		fits = func(o linefacts.SliceOp) bool { return o.Low != "" && o.Max == "" }
		literal, value = func(o linefacts.SliceOp) string { return o.Low }, parts[0]
	case len(parts) == 3 && parts[0] == "" && parts[1] == "":
		// [::max]: the max bound is past the capacity.
		fits = func(o linefacts.SliceOp) bool { return o.Max != "" }
		literal, value = func(o linefacts.SliceOp) string { return o.Max }, parts[2]
	default:
		return ops
	}
	var fit, exact []linefacts.SliceOp
	for _, o := range ops {
		if !fits(o) {
			continue
		}
		fit = append(fit, o)
		if strings.TrimSpace(literal(o)) == value {
			exact = append(exact, o)
		}
	}
	switch {
	case len(exact) > 0 && len(exact) < len(fit):
		return exact
	case len(fit) > 0:
		return fit
	}
	return ops
}
