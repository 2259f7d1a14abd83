// Package browser holds the end-to-end tests of the error page in a real,
// headless Chromium: the Breakable Blog wrapped in explainerr, explained by
// a fake OpenAI-compatible model whose answer streams in, with the trace
// shown first, library frames that expand, working copy buttons, and model
// replies and panic messages that cannot run script.
//
// The tests need Debian's chromium at /usr/bin/chromium (CHROMIUM_PATH
// overrides it). Under CI (CI=true) a missing browser fails the tests; elsewhere
// they are skipped with a message. Screenshots are written to
// $EXPLAINERR_ARTIFACTS when it is set.
package browser
