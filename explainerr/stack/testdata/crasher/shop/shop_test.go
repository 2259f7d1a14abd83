package shop

import "testing"

// TestCheapest fails with a panic, for the "go test" crash dump tests.
func TestCheapest(t *testing.T) {
	t.Log("sorting the cart")
	NewCart(4).Cheapest(2)
}
