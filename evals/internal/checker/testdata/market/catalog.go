// Package market is a small shop: a catalog of products, carts, reviews and
// the HTTP handlers that show them.
package market

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// ErrNoProduct says a SKU is not in the catalog.
var ErrNoProduct = errors.New("no such product")

// Product is one thing for sale. Price is in cents.
type Product struct {
	SKU     string
	Name    string
	Price   int64
	Tags    []string
	Reviews []Review
}

// Catalog holds the products by SKU.
type Catalog struct {
	products map[string]*Product
	order    []string
}

// NewCatalog returns a catalog of products, keyed by their upper-case SKU.
func NewCatalog(products ...*Product) *Catalog {
	c := &Catalog{products: make(map[string]*Product)}
	for _, p := range products {
		c.products[strings.ToUpper(p.SKU)] = p
		c.order = append(c.order, p.SKU)
	}
	return c
}

// Lookup returns the product with sku, whatever its case.
func (c *Catalog) Lookup(sku string) (*Product, error) {
	p, ok := c.products[strings.ToUpper(sku)]
	if !ok {
		return nil, fmt.Errorf("lookup %q: %w", sku, ErrNoProduct)
	}
	return p, nil
}

// Tagged returns the products carrying tag, sorted by name.
func (c *Catalog) Tagged(tag string) []*Product {
	var out []*Product
	for _, sku := range c.order {
		p := c.products[sku]
		for _, t := range p.Tags {
			if t == tag {
				out = append(out, p)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// formatCents writes a price in cents as dollars: 1999 is "$19.99".
func formatCents(cents int64) string {
	return fmt.Sprintf("$%d.%02d", cents/100, cents%100)
}
