package index

// Chunk kinds: what a stored piece of source is.
const (
	KindFunc     = "func"     // a top-level function
	KindMethod   = "method"   // a method; its symbol names the receiver, as in "(*Store).Get"
	KindType     = "type"     // a type declaration, followed by its methods' signatures
	KindConst    = "const"    // a const block
	KindVar      = "var"      // a var block
	KindTemplate = "template" // an html/template or text/template file or {{define}} block
	KindSQL      = "sql"      // a .sql file or a window of one
)

// Identifier roles recorded per chunk for the one-hop code-graph lookup.
const (
	roleDeclares   = "d" // the chunk declares the name (function, type, field, const, template)
	roleReferences = "r" // the chunk mentions the name
	roleCalls      = "c" // the chunk calls a function or method of that name
	roleReturns    = "t" // the chunk is a function whose results include the named type
)

// maxChunkChars is the length above which a declaration is split.
const maxChunkChars = 1500

// chunk is one indexed piece of source before it is stored.
type chunk struct {
	File      string // slash-separated, relative to the module root
	Package   string // import path; for templates and SQL, the directory's
	Symbol    string
	Kind      string
	StartLine int
	EndLine   int
	// Text is the chunk's source as given to a model. For a type chunk it
	// is completed with its methods' signatures when the index is written.
	Text string
	// Receiver is a method's receiver type name, without "*" or type
	// parameters; "" for everything else.
	Receiver string
	// Signature is a function's or method's declaration line without the body.
	Signature string
	// Part numbers the pieces of a split declaration from 0.
	Part int

	Declares   []string
	References []string
	Calls      []string
	Returns    []string
}

// idents returns the chunk's identifiers as (name, role) pairs, each once.
func (c *chunk) idents() [][2]string {
	n := len(c.Declares) + len(c.References) + len(c.Calls) + len(c.Returns)
	seen := make(map[[2]string]bool, n)
	out := make([][2]string, 0, n)
	add := func(names []string, role string) {
		for _, n := range names {
			k := [2]string{n, role}
			if n == "" || n == "_" || seen[k] {
				continue
			}
			seen[k] = true
			out = append(out, k)
		}
	}
	add(c.Declares, roleDeclares)
	add(c.References, roleReferences)
	add(c.Calls, roleCalls)
	add(c.Returns, roleReturns)
	return out
}
