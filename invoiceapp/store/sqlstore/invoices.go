package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/explainerr/explainerr/invoiceapp/domain"
)

// InvoiceStore keeps invoices and their lines in SQLite.
type InvoiceStore struct{ db *sql.DB }

// NewInvoiceStore returns the invoice repository over db.
func NewInvoiceStore(db *sql.DB) *InvoiceStore { return &InvoiceStore{db: db} }

// invoiceColumns are the columns scanInvoice reads, in its order.
const invoiceColumns = `id, number, customer_id, status, issued_on, due_on, currency, notes`

// scanInvoice reads one invoice row.
func scanInvoice(row rowScanner) (*domain.Invoice, error) {
	var inv domain.Invoice
	var issued, due string
	if err := row.Scan(&inv.ID, &inv.Number, &inv.CustomerID, &inv.Status, &issued, &due, &inv.Currency, &inv.Notes); err != nil {
		return nil, err
	}
	var err error
	if inv.IssuedOn, err = parseDate("issued_on", issued); err != nil {
		return nil, err
	}
	if inv.DueOn, err = parseDate("due_on", due); err != nil {
		return nil, err
	}
	return &inv, nil
}

// Get returns the invoice with the id.
func (s *InvoiceStore) Get(ctx context.Context, id int64) (*domain.Invoice, error) {
	inv, err := scanInvoice(s.db.QueryRowContext(ctx, `SELECT `+invoiceColumns+` FROM invoices WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("invoice %d: %w", id, err)
	}
	return inv, nil
}

// ByNumber returns the invoice with the number.
func (s *InvoiceStore) ByNumber(ctx context.Context, number string) (*domain.Invoice, error) {
	inv, err := scanInvoice(s.db.QueryRowContext(ctx, `SELECT `+invoiceColumns+` FROM invoices WHERE number = ?`, number))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("invoice %s: %w", number, domain.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("invoice %s: %w", number, err)
	}
	return inv, nil
}

// summaryQuery selects invoices with their customer's name and total.
const summaryQuery = `SELECT i.id, i.number, i.customer_id, i.status, i.issued_on, i.due_on, i.currency, i.notes,
	c.name, COALESCE((SELECT SUM(quantity * unit_price_cents) FROM line_items WHERE invoice_id = i.id), 0)
FROM invoices i JOIN customers c ON c.id = i.customer_id`

// List returns a page of invoices, newest first, with totals.
func (s *InvoiceStore) List(ctx context.Context, limit, offset int) ([]domain.InvoiceSummary, error) {
	rows, err := s.db.QueryContext(ctx, summaryQuery+` ORDER BY i.issued_on DESC, i.id DESC LIMIT ? OFFSET ?`, limit, offset)
	if err != nil {
		return nil, fmt.Errorf("list invoices: %w", err)
	}
	return collectSummaries(rows)
}

// ListAll returns every invoice, oldest first, with totals.
func (s *InvoiceStore) ListAll(ctx context.Context) ([]domain.InvoiceSummary, error) {
	rows, err := s.db.QueryContext(ctx, summaryQuery+` ORDER BY i.issued_on, i.id`)
	if err != nil {
		return nil, fmt.Errorf("list invoices: %w", err)
	}
	return collectSummaries(rows)
}

// collectSummaries reads and closes rows of summaryQuery.
func collectSummaries(rows *sql.Rows) ([]domain.InvoiceSummary, error) {
	defer rows.Close()
	var out []domain.InvoiceSummary
	for rows.Next() {
		var sum domain.InvoiceSummary
		var issued, due string
		inv := &sum.Invoice
		if err := rows.Scan(&inv.ID, &inv.Number, &inv.CustomerID, &inv.Status, &issued, &due, &inv.Currency, &inv.Notes,
			&sum.CustomerName, &sum.TotalCents); err != nil {
			return nil, err
		}
		var err error
		if inv.IssuedOn, err = parseDate("issued_on", issued); err != nil {
			return nil, err
		}
		if inv.DueOn, err = parseDate("due_on", due); err != nil {
			return nil, err
		}
		out = append(out, sum)
	}
	return out, rows.Err()
}

// ListByCustomer returns a customer's invoices with their totals.
func (s *InvoiceStore) ListByCustomer(ctx context.Context, customerID int64) ([]domain.InvoiceSummary, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, number, status, due_on, currency, SUM(li.quantity * li.unit_price_cents)
FROM invoices JOIN line_items li ON li.invoice_id = invoices.id
WHERE customer_id = ?
GROUP BY id ORDER BY due_on`, customerID)
	if err != nil {
		return nil, fmt.Errorf("invoices of customer %d: %w", customerID, err)
	}
	defer rows.Close()
	var out []domain.InvoiceSummary
	for rows.Next() {
		var sum domain.InvoiceSummary
		var due string
		if err := rows.Scan(&sum.ID, &sum.Number, &sum.Status, &due, &sum.Currency, &sum.TotalCents); err != nil {
			return nil, err
		}
		if sum.DueOn, err = parseDate("due_on", due); err != nil {
			return nil, err
		}
		sum.CustomerID = customerID
		out = append(out, sum)
	}
	return out, rows.Err()
}

// Lines returns an invoice's lines in order.
func (s *InvoiceStore) Lines(ctx context.Context, invoiceID int64) ([]domain.LineItem, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, invoice_id, description, quantity, unit_price_cents
FROM line_items WHERE invoice_id = ? ORDER BY id`, invoiceID)
	if err != nil {
		return nil, fmt.Errorf("lines of invoice %d: %w", invoiceID, err)
	}
	defer rows.Close()
	var out []domain.LineItem
	for rows.Next() {
		var l domain.LineItem
		if err := rows.Scan(&l.ID, &l.InvoiceID, &l.Description, &l.Quantity, &l.UnitPriceCents); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// CountInYear returns how many invoices were issued in year.
func (s *InvoiceStore) CountInYear(ctx context.Context, year int) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM invoices WHERE substr(issued_on, 1, 4) = ?`, fmt.Sprint(year)).Scan(&n)
	return n, err
}

// Create stores a new invoice with its lines and sets its ID.
func (s *InvoiceStore) Create(ctx context.Context, inv *domain.Invoice, lines []domain.LineItem) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `INSERT INTO invoices (number, customer_id, status, issued_on, due_on, currency, notes)
VALUES (?, ?, ?, ?, ?, ?, ?)`, inv.Number, inv.CustomerID, inv.Status, formatDate(inv.IssuedOn), formatDate(inv.DueOn), inv.Currency, inv.Notes)
	if err != nil {
		return fmt.Errorf("create invoice %s: %w", inv.Number, err)
	}
	if inv.ID, err = res.LastInsertId(); err != nil {
		return err
	}
	if err := insertLines(ctx, tx, inv.ID, lines); err != nil {
		return err
	}
	return tx.Commit()
}

// CreateImported stores an invoice from the legacy system, which predates
// currencies: it takes the column's default.
func (s *InvoiceStore) CreateImported(ctx context.Context, inv *domain.Invoice, lines []domain.LineItem) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `INSERT INTO invoices (number, customer_id, status, issued_on, due_on, notes)
VALUES (?, ?, ?, ?, ?, ?)`, inv.Number, inv.CustomerID, inv.Status, formatDate(inv.IssuedOn), formatDate(inv.DueOn), inv.Notes)
	if err != nil {
		return fmt.Errorf("import invoice %s: %w", inv.Number, err)
	}
	if inv.ID, err = res.LastInsertId(); err != nil {
		return err
	}
	if err := insertLines(ctx, tx, inv.ID, lines); err != nil {
		return err
	}
	return tx.Commit()
}

// insertLines stores an invoice's lines.
func insertLines(ctx context.Context, tx *sql.Tx, invoiceID int64, lines []domain.LineItem) error {
	for _, l := range lines {
		if _, err := tx.ExecContext(ctx, `INSERT INTO line_items (invoice_id, description, quantity, unit_price_cents) VALUES (?, ?, ?, ?)`,
			invoiceID, l.Description, l.Quantity, l.UnitPriceCents); err != nil {
			return fmt.Errorf("line %q: %w", l.Description, err)
		}
	}
	return nil
}

// Transition moves every invoice in status from whose due date is before
// dueBefore to status to, and returns how many moved.
func (s *InvoiceStore) Transition(ctx context.Context, from, to string, dueBefore time.Time) (int64, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE invoices SET status = ? WHERE status = ? AND due_on < ?`, to, from, formatDate(dueBefore))
	if err != nil {
		return 0, fmt.Errorf("move %s invoices to %s: %w", from, to, err)
	}
	return res.RowsAffected()
}

// SetStatus sets one invoice's status.
func (s *InvoiceStore) SetStatus(ctx context.Context, id int64, status string) error {
	_, err := s.db.ExecContext(ctx, `UPDATE invoices SET status = ? WHERE id = ?`, status, id)
	return err
}
