package market

import (
	"fmt"
	"sort"
)

// Line is one product in a cart with its quantity.
type Line struct {
	Product  *Product
	Quantity int
}

// Coupon takes a share off a cart's total.
type Coupon struct {
	Code       string
	PercentOff int
}

// Label is how a coupon is shown: "SPRING (10% off)".
func (c Coupon) Label() string {
	return fmt.Sprintf("%s (%d%% off)", c.Code, c.PercentOff)
}

// Cart is one shopper's cart: quantities by SKU.
type Cart struct {
	catalog *Catalog
	items   map[string]int
	coupon  *Coupon
}

// NewCart returns an empty cart that looks products up in cat.
func NewCart(cat *Catalog) *Cart {
	return &Cart{catalog: cat}
}

// Add puts qty of the product sku into the cart.
func (c *Cart) Add(sku string, qty int) error {
	if _, err := c.catalog.Lookup(sku); err != nil {
		return err
	}
	c.items[sku] += qty
	return nil
}

// Apply sets the cart's coupon.
func (c *Cart) Apply(coupon *Coupon) {
	c.coupon = coupon
}

// Lines returns the cart's lines, sorted by SKU.
func (c *Cart) Lines() ([]Line, error) {
	skus := make([]string, 0, len(c.items))
	for sku := range c.items {
		skus = append(skus, sku)
	}
	sort.Strings(skus)
	lines := make([]Line, 0, len(skus))
	for _, sku := range skus {
		p, err := c.catalog.Lookup(sku)
		if err != nil {
			return nil, err
		}
		lines = append(lines, Line{Product: p, Quantity: c.items[sku]})
	}
	return lines, nil
}

// Total returns the cart's total in cents, after the coupon.
func (c *Cart) Total() (int64, error) {
	lines, err := c.Lines()
	if err != nil {
		return 0, err
	}
	var total int64
	for _, l := range lines {
		total += l.Product.Price * int64(l.Quantity)
	}
	if c.coupon != nil {
		total -= total * int64(c.coupon.PercentOff) / 100
	}
	return total, nil
}
