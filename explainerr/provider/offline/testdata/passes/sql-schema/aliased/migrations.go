package aliased

// up creates the tickets table.
const up = `CREATE TABLE tickets (
	id SERIAL PRIMARY KEY,
	title TEXT NOT NULL
)`
