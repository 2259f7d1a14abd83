package offline

// deadlockPass explains a program whose goroutines all wait.
var deadlockPass = &pass{
	name:    "deadlock",
	doc:     "All goroutines asleep: what each app goroutine waits on (a channel nobody sends on, a lock held, a WaitGroup never done).",
	classes: []Class{ClassDeadlock},
	needs:   []need{needModule, needGoroutines},
	explain: always((*analysis).deadlock),
}
