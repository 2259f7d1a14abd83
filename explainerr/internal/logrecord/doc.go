// Package logrecord reads the structured log lines a request wrote: JSON
// records (logrus' JSONFormatter, zap's production encoder, zerolog,
// log/slog's JSONHandler) and logfmt records (log/slog's TextHandler,
// logrus' TextFormatter), each with its level, message, error, stack and
// caller, under whichever key its logger uses. A line that is neither is
// not a record: callers then read it as plain text.
//
// The analyzer reads every record as one canonical logfmt line (Canonical),
// so that one set of rules serves lines of every logger; the fingerprint
// of a failure reads only a record's stable fields (Stable), not its time.
package logrecord
