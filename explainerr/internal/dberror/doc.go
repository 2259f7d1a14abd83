// Package dberror reads what a database said about a failed statement —
// its engine, its error code, and the constraint, table and column it
// names — without importing any driver.
//
// From a live error value (FromValue), it reads by reflection the fields
// the common drivers' error types have: lib/pq's and pgx's Code (a
// SQLSTATE), ConstraintName, TableName, ColumnName and Detail; the MySQL
// driver's Number and SQLState; mattn/go-sqlite3's and modernc's codes.
// It calls no method of the value. From text (FromText), it reads the
// code a driver prints ("(SQLSTATE 23503)", "Error 1452 (23000)").
//
// What a code means is data: codes.tsv maps each engine's codes to a
// class (not-null, unique, foreign-key, check, undefined-column, …).
package dberror
