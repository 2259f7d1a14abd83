// Package index chunks an app's Go source and templates, embeds the chunks,
// stores them in a local SQLite file with a sqlite-vec table, and retrieves
// the chunks relevant to a failure report.
package index
