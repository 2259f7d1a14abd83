package offline

// concurrentMapPass explains a map used by two goroutines at once.
var concurrentMapPass = &pass{
	name:    "concurrent-map",
	doc:     "A map written while another goroutine used it: the map and the lock or sync.Map it needs.",
	classes: []Class{ClassConcurrentMap},
	needs:   []need{needModule, needGoroutines},
	explain: always((*analysis).concurrentMap),
}
