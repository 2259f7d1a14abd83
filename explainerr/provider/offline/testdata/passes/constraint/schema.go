package main

// schema creates the tables the store reads.
const schema = `CREATE TABLE posts (
	id INTEGER PRIMARY KEY,
	title TEXT NOT NULL
)`
