CREATE TABLE customers (
	id      INTEGER PRIMARY KEY,
	name    TEXT NOT NULL,
	email   TEXT NOT NULL,
	country TEXT NOT NULL DEFAULT 'US',
	prefs   TEXT NOT NULL DEFAULT '{}'
);
