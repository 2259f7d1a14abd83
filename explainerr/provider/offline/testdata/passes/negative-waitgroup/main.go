package main

import "sync"

//explainerr:failure panic string sync: negative WaitGroup counter

// fetchAll fetches every URL at once.
func fetchAll(urls []string) {
	var wg sync.WaitGroup
	for range urls {
		go func() {
			defer wg.Done() // want `Negative WaitGroup counter on .wg.` `Add before starting each goroutine`
		}()
	}
	wg.Wait()
}
