package offline

// typeAssertionPass explains a failed type assertion.
var typeAssertionPass = &pass{
	name:    "interface-conversion",
	doc:     "A type assertion that failed: the asserted expression, the type it held and the one asserted (or the missing method), with the two-value form or a type switch as the fix.",
	classes: []Class{ClassTypeAssertion},
	needs:   []need{needModule},
	explain: always((*analysis).typeAssertion),
}
