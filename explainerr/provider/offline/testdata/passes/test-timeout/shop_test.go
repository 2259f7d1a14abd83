package shop

import "testing"

//explainerr:failure crash runtime "panic: test timed out after 10m0s\n\trunning tests:\n\t\tTestCheckout (10m0s)"

// TestCheckout waits for the order the checkout sends.
func TestCheckout(t *testing.T) {
	done := make(chan struct{})
	<-done // want `Test timed out after 10m0s: .TestCheckout.` `The test waits at .shop_test\.go:10.` `a receive on a channel nothing sends on`
}
