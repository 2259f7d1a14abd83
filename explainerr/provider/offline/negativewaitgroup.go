package offline

// negativeWaitGroupPass explains a WaitGroup counter that went negative.
var negativeWaitGroupPass = &pass{
	name:    "negative-waitgroup",
	doc:     "A sync.WaitGroup whose counter went below zero: a Done without its Add.",
	classes: []Class{ClassNegativeWG},
	explain: always((*analysis).negativeWaitGroup),
}
