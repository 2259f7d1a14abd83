-- Invoices were all in dollars; each now records its own currency.
ALTER TABLE invoices ADD COLUMN currency TEXT NOT NULL DEFAULT 'usd';
