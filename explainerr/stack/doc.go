// Package stack turns program counters and crash dumps into classified
// frames, reads the source around them, and formats a trace for a prompt
// within a character budget without ever losing the app's own frames.
//
// The model is plain: a failure's stack is a []report.Frame, innermost
// first. A Classifier decides who owns each frame (the app, a dependency,
// the standard library, or the runtime's panic machinery); Capture and
// FromPCs build frames from runtime.Callers; Format renders them for a
// prompt; Sources reads and caches the lines around app frames.
package stack
