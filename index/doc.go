// Package index chunks an app's Go source and templates, embeds the chunks,
// stores them in a local SQLite file, and retrieves
// the chunks relevant to a failure report.
//
// Build lists the packages of some patterns with golang.org/x/tools/go/packages
// and makes one chunk per top-level declaration (functions, methods, types
// with their methods' signatures, const and var blocks; long ones split at
// statement boundaries), per {{define}} block of a template and per .sql
// file, recording for each chunk the identifiers it declares, references,
// calls and returns. Chunks are embedded by an Embedder (the offline
// HashEmbedder by default, or an OpenAI-compatible endpoint, linked by
// importing index/openaiembed, which registers it) and stored
// with their vectors in one SQLite file marked as explainerr's own
// (application_id and a schema version: a file without the mark is never
// written); rebuilding is incremental by file content hash, one SQLite
// transaction proportional to what changed. A new index is written while
// its files are still being chunked (and, with the offline embedder,
// embedded) on the other cores, in file order, so that its contents do not
// depend on how the work was scheduled; a type's chunk, which lists its
// methods, is written once every file has been read.
//
// A Retriever answers a report.Report with the chunks that contain its app
// frames and the templates its message names, then one hop along the code
// graph (callees, the failing method's receiver type and constructors, the
// declarations and users of identifiers on the failing line), then the
// chunks nearest the failure by the same ranking as Search: a lexical
// ranking over identifiers split into words and doc comments, fused with
// the vector ranking (a random-hyperplane shortlist re-ranked by exact
// cosine).
package index
