// Package sqlstore implements the invoicing services' repositories on
// SQLite. Open applies the embedded migrations in order and records each in
// schema_migrations; longer queries live in embedded .sql files.
package sqlstore
