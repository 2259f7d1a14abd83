-- Invoices go to a billing address, which may differ from the contact's.
ALTER TABLE customers RENAME COLUMN email TO billing_email;
