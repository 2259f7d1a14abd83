package index

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
)

// chunkFile chunks one file's contents. It returns a non-empty skip
// reason, and no chunks, for a Go file that is generated or does not
// parse.
func chunkFile(f sourceFile, src []byte) (chunks []chunk, skip string) {
	switch f.Kind {
	case fileTemplate:
		return templateChunks(f.Rel, f.Pkg, string(src)), ""
	case fileSQL:
		return sqlChunks(f.Rel, f.Pkg, string(src)), ""
	}
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, f.Abs, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Sprintf("does not parse: %v", err)
	}
	if ast.IsGenerated(file) {
		return nil, "generated"
	}
	g := &goFileChunker{fset: fset, file: file, src: src, rel: f.Rel, pkg: f.Pkg}
	return g.chunks(), ""
}

// embedInput is the text an embedder sees for a chunk: where it lives and
// what it is called, then its source.
func embedInput(file, pkg, symbol, text string) string {
	return file + " " + pkg + " " + symbol + "\n" + text
}
