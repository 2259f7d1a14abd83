package offline

// divideByZeroPass explains an integer division by zero.
var divideByZeroPass = &pass{
	name:    "divide-by-zero",
	doc:     "An integer divided by zero: the divisor on the failing line, where it came from (a request input, a count computed by the function, a length), and the check it needs.",
	classes: []Class{ClassDivideByZero},
	needs:   []need{needModule},
	explain: always((*analysis).divideByZero),
}
