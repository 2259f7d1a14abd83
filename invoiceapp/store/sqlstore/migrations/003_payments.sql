CREATE TABLE payments (
	id           INTEGER PRIMARY KEY,
	invoice_id   INTEGER NOT NULL REFERENCES invoices(id),
	amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
	paid_on      TEXT NOT NULL,
	method       TEXT NOT NULL CHECK (method IN ('card', 'bank', 'cash'))
);
CREATE INDEX payments_invoice ON payments(invoice_id);
