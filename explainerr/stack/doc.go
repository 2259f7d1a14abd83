// Package stack turns program counters and crash dumps into classified
// frames, reads the source around them, and formats a trace for a prompt
// within a character budget without ever losing the app's own frames.
//
// The model is plain: a failure's stack is a []report.Frame, innermost
// first. A Classifier decides who owns each frame (the app, a dependency,
// the standard library, or the runtime's panic machinery) from the frame's
// file first (explainerr's own source, GOROOT, the module cache, vendor
// directories), because the compiler names a closure inlined into another
// package after that package, and from the function's package for what
// the file cannot tell. Capture and FromPCs build frames from
// runtime.Callers; ParseDumpWith reads a crash dump, keeping the failing
// goroutine's creator and, for a hang, every goroutine waiting in app
// code; Format renders frames for a prompt; Sources reads and caches the
// lines around app frames.
//
// The trace's budget is the prompt's (prompt.DefaultTraceBudget), and
// finding a file's module is package internal/gomodule's: MainModule,
// ModuleAt, ModulePath and ModuleRelative forward to it for stack's
// importers.
package stack
