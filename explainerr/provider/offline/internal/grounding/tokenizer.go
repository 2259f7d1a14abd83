package grounding

import (
	"go/scanner"
	"go/token"
	"sync"
)

// goToken is one token of scanned code and its literal text.
type goToken struct {
	tok token.Token
	lit string
}

// tokenizer scans pieces of code, reusing its file set and token buffer:
// the grounding check scans every code span of every alternative of an
// explanation.
type tokenizer struct {
	fset *token.FileSet
	s    scanner.Scanner
	toks []goToken
}

var tokenizers = sync.Pool{New: func() any { return &tokenizer{} }}

// scan returns the tokens of code, scanned as Go and tolerating errors
// (templates, SQL and file names scan into identifiers and punctuation
// too; comments and the contents of string literals are not identifiers),
// in a buffer that is reused by the next call.
func (t *tokenizer) scan(code string) []goToken {
	// A removed file still used up its range of positions: start a new
	// set long before they run out.
	if t.fset == nil || t.fset.Base() > 1<<30 {
		t.fset = token.NewFileSet()
	}
	src := []byte(code)
	f := t.fset.AddFile("", -1, len(src))
	defer t.fset.RemoveFile(f)
	t.s.Init(f, src, nil, 0)
	t.toks = t.toks[:0]
	for {
		_, tok, lit := t.s.Scan()
		if tok == token.EOF {
			return t.toks
		}
		t.toks = append(t.toks, goToken{tok, lit})
	}
}
