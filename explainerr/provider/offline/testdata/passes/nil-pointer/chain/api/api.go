package api

// Store is what the handlers need of the database: an interface of the
// same name as the store's struct.
type Store interface {
	Get(id int) (string, error)
}
