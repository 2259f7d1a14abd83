package offline

import (
	"regexp"
	"strings"
)

// In PostgreSQL an error inside a transaction aborts it: every later
// statement of the transaction fails with "current transaction is
// aborted, commands ignored until end of transaction block" (SQLSTATE
// 25P02) until it is rolled back. When a request's answer carries that
// error and its log the first one (a duplicate the code meant to handle
// by trying again), the first error is the cause, but handling it was not
// enough: the statement that followed ran in the aborted transaction.

// abortedTransaction matches PostgreSQL's error for a statement run in an
// aborted transaction.
var abortedTransaction = regexp.MustCompile(`(?i)current transaction is aborted|SQLSTATE 25P02|\b25P02\b`)

// explainAbortedAfter says, for an error analysed from the log while the
// failure's own message is 25P02, that the statements after it ran in the
// aborted transaction, and how to keep a transaction usable after an
// error it expects. It reports whether it did.
func (a *analysis) explainAbortedAfter() bool {
	if a.fromLog == "" || !abortedTransaction.MatchString(strings.Join(append([]string{a.r.Error.Message}, a.r.Error.Chain...), "\n")) {
		return false
	}
	a.g.Add("SAVEPOINT", "ROLLBACK TO SAVEPOINT", "SavePoint", "RollbackTo")
	a.why("That error aborted the transaction it ran in: PostgreSQL then refuses every later statement of it (" + code("current transaction is aborted") + ", SQLSTATE 25P02, the error answered) until it is rolled back. Handling the first error in the code (trying again, or another statement) cannot work inside that transaction.")
	a.fix("Take a savepoint before the statement whose error the code handles and roll back to it when it fails (" + code("SAVEPOINT") + " and " + code("ROLLBACK TO SAVEPOINT") + "; gorm's " + code("SavePoint") + " and " + code("RollbackTo") + "), or run the retry in a new transaction.")
	return true
}
