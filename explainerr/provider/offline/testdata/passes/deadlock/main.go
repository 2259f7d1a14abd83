package main

//explainerr:failure crash fatal error: all goroutines are asleep - deadlock!

// main waits for a result nobody sends.
func main() {
	results := make(chan int)
	<-results // want `Deadlock: all goroutines are asleep` `a receive with no sender`
}
