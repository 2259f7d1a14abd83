// Package logcapture keeps what each goroutine writes to the log package,
// to slog's default logger and to loggers the app tees into it, so that a
// failing request's report shows the lines its handler logged.
//
// Start wraps the process-wide loggers (once, however many Explainers
// capture; the last Use.Stop restores them). A request reads Mark when it
// enters the middleware and, if it fails, Collect returns the lines its
// goroutine wrote since, within fixed bounds. Writer and Handler capture
// loggers of the app's own.
package logcapture
