// Package shop holds the code the crasher fails in.
package shop

import (
	"sort"
	"sync"
)

// Item is one line of a cart.
type Item struct {
	Name  string
	Price int
}

// Cart is a list of items.
type Cart struct {
	Items []Item
}

// NewCart returns a cart of n items with decreasing prices.
func NewCart(n int) *Cart {
	c := &Cart{}
	for i := 0; i < n; i++ {
		c.Items = append(c.Items, Item{Name: "item", Price: 100 - i})
	}
	return c
}

// Cheapest returns the k cheapest items. Its comparison reads past the end
// of the slice: the bug the tests look for.
func (c *Cart) Cheapest(k int) []Item {
	items := c.Items
	sort.Slice(items, func(i, j int) bool {
		return items[i].Price < items[j+len(items)].Price
	})
	return items[:k]
}

// Discount recurses depth times, then reads past the end of the items.
//
//go:noinline
func (c *Cart) Discount(level, depth int) int {
	if level == depth {
		return c.Items[level].Price
	}
	return c.Discount(level+1, depth) - 1
}

// Restock waits forever on never, after saying it started.
func Restock(id int, started *sync.WaitGroup, never chan struct{}) {
	started.Done()
	wait(id, never)
}

//go:noinline
func wait(id int, never chan struct{}) {
	<-never
	_ = id
}
