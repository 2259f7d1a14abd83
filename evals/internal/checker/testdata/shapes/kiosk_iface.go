package shapes

// Seller sells an item.
type Seller interface {
	Sell(item string) (int, error)
	Name() string
}

// Stocker keeps stock.
type Stocker interface {
	Restock(item string, n int)
}
