package offline

// sliceBoundsPass explains a slice expression whose bounds do not fit.
var sliceBoundsPass = &pass{
	name:    "slice-bounds",
	doc:     "Slice bounds out of range: the slice expression on the failing line, its bounds and the length or capacity they exceed, and where a bound read from a field is set.",
	classes: []Class{ClassSliceBounds},
	needs:   []need{needModule},
	explain: always((*analysis).sliceBounds),
}
