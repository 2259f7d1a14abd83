CREATE TABLE invoices (
	id          INTEGER PRIMARY KEY,
	number      TEXT NOT NULL UNIQUE,
	customer_id INTEGER NOT NULL REFERENCES customers(id),
	status      TEXT NOT NULL DEFAULT 'draft',
	issued_on   TEXT NOT NULL,
	due_on      TEXT NOT NULL,
	notes       TEXT NOT NULL DEFAULT ''
);
CREATE TABLE line_items (
	id               INTEGER PRIMARY KEY,
	invoice_id       INTEGER NOT NULL REFERENCES invoices(id),
	description      TEXT NOT NULL,
	quantity         INTEGER NOT NULL,
	unit_price_cents INTEGER NOT NULL
);
CREATE INDEX line_items_invoice ON line_items(invoice_id);
