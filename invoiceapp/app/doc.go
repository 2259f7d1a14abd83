// Package app wires the invoicing app: it opens and migrates the database,
// seeds it on first start, runs the start-up jobs and builds the services
// and the web handler from the configuration. The app is written to break:
// besides its ordinary pages, each fixture in invoiceapp/fixtures.json is a
// request that fails in one realistic way.
package app
