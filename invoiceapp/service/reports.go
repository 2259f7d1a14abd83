package service

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
)

// ReportService writes the reports: the dashboard and CSV exports.
type ReportService struct {
	invoices  InvoiceRepository
	customers CustomerRepository
	pageSize  int
	maxRows   int
}

// NewReportService returns the report service. Exports read customers
// pageSize at a time and refuse to write more than maxRows rows.
func NewReportService(invoices InvoiceRepository, customers CustomerRepository, pageSize, maxRows int) *ReportService {
	return &ReportService{invoices: invoices, customers: customers, pageSize: pageSize, maxRows: maxRows}
}

// CustomersCSV writes every customer as CSV: id, name, billing email and
// country.
func (s *ReportService) CustomersCSV(ctx context.Context, w io.Writer) error {
	var rows [][]string
	for offset := 0; ; offset += s.pageSize {
		page, err := s.customers.List(ctx, s.pageSize, offset)
		if err != nil {
			return err
		}
		for _, c := range page {
			rows = append(rows, []string{strconv.FormatInt(c.ID, 10), c.Name, c.BillingEmail, c.Country})
		}
		if len(page) < s.pageSize {
			break
		}
	}
	if len(rows) > s.maxRows {
		return fmt.Errorf("customer export: %d rows exceed the limit of %d", len(rows), s.maxRows)
	}
	cw := csv.NewWriter(w)
	cw.Write([]string{"id", "name", "billing_email", "country"})
	cw.WriteAll(rows)
	return cw.Error()
}
