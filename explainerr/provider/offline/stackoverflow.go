package offline

// stackOverflowPass explains a goroutine stack that exceeded its limit.
var stackOverflowPass = &pass{
	name:    "stack-overflow",
	doc:     "A goroutine stack that exceeded its limit: the recursion the trace repeats and its missing base case.",
	classes: []Class{ClassStackOverflow},
	explain: always((*analysis).stackOverflow),
}
