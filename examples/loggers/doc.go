// Package loggers shows, and its tests check through explainerr's
// middleware, the wiring the README gives for apps that log through
// logrus, zap or zerolog rather than the log package or slog's default
// logger: each logger's output is teed into explainerr.LogWriter, so that
// a failing request's report quotes what it logged, while the logger
// still writes everything where it wrote before. It is a module of its
// own, so that these loggers stay out of explainerr's dependencies.
package loggers
