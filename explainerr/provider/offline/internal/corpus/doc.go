// Package corpus holds the source corpus of one report: every line of the
// app's source the report carries (its app frames' windows, then its
// retrieved chunks), each once, with the file it is in, its number and,
// when known, the declaration it belongs to.
//
// The corpus is what the analysis may quote from the report itself,
// without reading the module on disk: a pass searches it by pattern
// (Find, First) or asks for its words (Words, for a name that is close
// to a misspelt one) and its string literals (QuotedNames). Files are
// named as the explanation writes them, by the function given to New.
// A Corpus is a plain slice: reading it from several goroutines is safe.
package corpus
