// Package grounding holds the grounding of one explanation: the set of
// identifiers it may name in code, and the check that keeps every other
// name out.
//
// A Set starts from a failure report (New): every identifier-shaped word
// ([A-Za-z_][A-Za-z0-9_]*) of its source windows, retrieved chunks,
// frames, error, log lines and request. The analyzer's passes add the
// words of what they read besides (Add, or AddScanned for a name the
// plain word scan would split), and ask whether a word was read (Has).
//
// The check reads the inline code spans and fenced code blocks of a
// Markdown text, scans them as Go, and allows an identifier when the set
// holds it, when Go predeclares it, or when it is a standard library
// package name, or a name of such a package (or a method of one of its
// types) that the package's table lists (a test checks every entry
// against the standard library's source). Words in prose, comments and
// string literals are never checked. Allows says whether a text passes;
// Unknown yields the names that do not.
//
// A Set is not safe for concurrent use: it belongs to the analysis of one
// report.
package grounding
