package index

import (
	"strings"
)

// bulkRows is the number of rows one bulk INSERT statement writes.
const bulkRows = 128

// insertRows inserts n rows of cols columns into table (with its column
// list, as in "t(a, b)"), bulkRows per statement; fill sets row i's values.
func (w *writer) insertRows(table string, cols, n int, fill func(i int, args []any)) error {
	args := make([]any, 0, cols*bulkRows)
	for lo := 0; lo < n; lo += bulkRows {
		rows := min(bulkRows, n-lo)
		args = args[:cols*rows]
		for i := range rows {
			fill(lo+i, args[cols*i:cols*(i+1)])
		}
		if err := w.exec(bulkInsertSQL(table, cols, rows), args...); err != nil {
			return err
		}
	}
	return nil
}

// bulkInsertSQL is an INSERT of rows rows of cols values each.
func bulkInsertSQL(table string, cols, rows int) string {
	row := "(" + strings.TrimSuffix(strings.Repeat("?,", cols), ",") + ")"
	return "INSERT INTO " + table + " VALUES" + strings.TrimSuffix(strings.Repeat(row+",", rows), ",")
}
