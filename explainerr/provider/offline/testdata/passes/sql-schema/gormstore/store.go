package gormstore

import "gorm.io/gorm"

// Invoice is a customer's invoice; gorm migrates its table from it.
type Invoice struct {
	gorm.Model
	CustomerID uint
	Total      int
	Notes      string `gorm:"column:memo"`
	Lines      []Line
}

// Line is an invoice line.
type Line struct {
	InvoiceID uint
	Amount    int
}

// Store reads invoices.
type Store struct{ db *gorm.DB }

//explainerr:failure error sqlite3.Error no such column: invoices.custmer_id

// ForCustomer returns a customer's invoices.
func (s *Store) ForCustomer(id uint) ([]Invoice, error) {
	var out []Invoice
	err := s.db.Where("invoices.custmer_id = ?", id).Find(&out).Error // want `The schema gives .invoices. a column .customer_id. \(its columns are the fields of the model at .store\.go:6.` `.custmer_id. → .customer_id.`
	return out, err
}
