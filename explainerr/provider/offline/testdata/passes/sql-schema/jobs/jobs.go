package jobs

import "database/sql"

// schema creates the jobs table.
const schema = `CREATE TABLE jobs (
	id INTEGER PRIMARY KEY,
	last_run_at TIMESTAMP,
	run_ok BOOLEAN NOT NULL DEFAULT false
)`

// Jobs counts jobs.
type Jobs struct{ db *sql.DB }

//explainerr:failure error *pq.Error pq: column "last_run_ok" does not exist

// Healthy counts the jobs whose last run went well.
func (j *Jobs) Healthy() (int, error) {
	var n int
	err := j.db.QueryRow("SELECT count(*) FROM jobs WHERE last_run_ok = true").Scan(&n) // want `no such column .last_run_ok.` `nor one with a name close to it` `Its columns are .id., .last_run_at., .run_ok.`
	return n, err
}
