// Package site holds the failure site of one report: where the failure
// shows in the app's code (the innermost app frame with its line), what
// that line does, and the window of source around it.
//
// From finds the site in a report's frames: the innermost app frame, the
// next app frame outward (Caller), and the library function the failing
// line called and in which the failure was raised (Raiser; never for a
// status written or an error returned on purpose). It leaves File and
// Function empty: how the explanation names a file and a function is its
// caller's choice.
//
// The window methods read only the site's frame's source window, never
// the module on disk: the lines above the failing line up to the
// enclosing function's declaration (LinesAbove), the assignment of a name
// (AssignmentOf), whether a name is a parameter (IsParameter), and the
// statement that produced an error the app reported (ErrorOrigin, among
// the lines of Scope). A Site is a value; its methods only read it and
// are safe for concurrent use.
package site
