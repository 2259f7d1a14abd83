package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/explainerr/explainerr/invoiceapp/domain"
	"github.com/explainerr/explainerr/invoiceapp/service"
)

// CustomerStore keeps customers in SQLite.
type CustomerStore struct{ db *sql.DB }

// NewCustomerStore returns the customer repository over db.
func NewCustomerStore(db *sql.DB) *CustomerStore { return &CustomerStore{db: db} }

// customerColumns are the columns scanCustomer reads, in its order.
const customerColumns = `id, name, billing_email, country, prefs`

// rowScanner is a *sql.Row or *sql.Rows.
type rowScanner interface{ Scan(dest ...any) error }

// scanCustomer reads one customer row.
func scanCustomer(row rowScanner) (*domain.Customer, error) {
	var c domain.Customer
	var prefs string
	if err := row.Scan(&c.ID, &c.Name, &c.BillingEmail, &c.Country, &prefs); err != nil {
		return nil, err
	}
	c.Prefs = decodePrefs(prefs)
	return &c, nil
}

// decodePrefs reads the prefs column, a JSON object of strings.
func decodePrefs(raw string) map[string]string {
	var prefs map[string]string
	_ = json.Unmarshal([]byte(raw), &prefs)
	return prefs
}

// Get returns the customer with the id.
func (s *CustomerStore) Get(ctx context.Context, id int64) (*domain.Customer, error) {
	c, err := scanCustomer(s.db.QueryRowContext(ctx, `SELECT `+customerColumns+` FROM customers WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("customer %d: %v", id, domain.ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("customer %d: %w", id, err)
	}
	return c, nil
}

// List returns a page of customers by name.
func (s *CustomerStore) List(ctx context.Context, limit, offset int) ([]domain.Customer, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+customerColumns+` FROM customers ORDER BY name LIMIT ? OFFSET ?`, limit, offset)
	if err != nil {
		return nil, fmt.Errorf("list customers: %w", err)
	}
	return collectCustomers(rows)
}

// Search returns the customers whose name contains q.
func (s *CustomerStore) Search(ctx context.Context, q string) ([]domain.Customer, error) {
	rows, err := s.db.QueryContext(ctx, fmt.Sprintf(`SELECT `+customerColumns+` FROM customers WHERE name LIKE '%%%s%%' ORDER BY name`, q))
	if err != nil {
		return nil, fmt.Errorf("search customers: %w", err)
	}
	return collectCustomers(rows)
}

// collectCustomers reads and closes rows.
func collectCustomers(rows *sql.Rows) ([]domain.Customer, error) {
	defer rows.Close()
	var out []domain.Customer
	for rows.Next() {
		c, err := scanCustomer(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *c)
	}
	return out, rows.Err()
}

// DueReminders returns the open invoices due before asOf, with the
// customer to remind.
func (s *CustomerStore) DueReminders(ctx context.Context, asOf time.Time) ([]service.Reminder, error) {
	rows, err := s.db.QueryContext(ctx, query("due_reminders"), formatDate(asOf))
	if err != nil {
		return nil, fmt.Errorf("due reminders: %w", err)
	}
	defer rows.Close()
	var out []service.Reminder
	for rows.Next() {
		var r service.Reminder
		var due string
		if err := rows.Scan(&r.CustomerID, &r.CustomerName, &r.Email, &r.Number, &due); err != nil {
			return nil, err
		}
		if r.DueOn, err = parseDate("due_on", due); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}
