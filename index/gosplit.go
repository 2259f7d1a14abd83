package index

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"
)

// splitFunc splits a long function at statement boundaries of its body.
// Every part repeats the signature, so a model reading one part still sees
// what function it belongs to; the first part keeps the doc comment.
func (g *goFileChunker) splitFunc(d *ast.FuncDecl, whole chunk) []chunk {
	groups := groupStatements(g, d.Body.List, d.Body.Lbrace+1)
	parts := make([]chunk, 0, len(groups))
	for i, grp := range groups {
		c := whole
		c.Part = i
		c.References, c.Calls = nil, nil
		from, to := grp.from, grp.to
		if i == 0 {
			from = startOf(d.Doc, d.Pos())
		}
		if i == len(groups)-1 {
			to = d.End()
		}
		c.StartLine, c.EndLine = partLines(g, i, from, to)
		var b strings.Builder
		body := g.text(grp.from, grp.to)
		if i == 0 {
			b.WriteString(g.text(from, d.Body.Lbrace+1))
		} else {
			fmt.Fprintf(&b, "%s {\n\t// ... part %d of %d, from line %d ...\n", whole.Signature, i+1, len(groups), c.StartLine)
			body = strings.TrimLeft(body, "\n")
		}
		b.WriteString(body)
		if i == len(groups)-1 {
			b.WriteString(g.text(grp.to, d.End()))
		} else {
			b.WriteString("\n\t// ... continued in the next part ...\n}")
		}
		c.Text = b.String()
		for _, s := range grp.stmts {
			collectUses(s, &c)
		}
		c.References, c.Calls = dedupe(c.References), dedupe(c.Calls)
		parts = append(parts, c)
	}
	return parts
}

// splitValues splits a long const or var block between its specs, each
// part re-opening the block.
func (g *goFileChunker) splitValues(d *ast.GenDecl, whole chunk) []chunk {
	nodes := make([]ast.Node, len(d.Specs))
	for i, s := range d.Specs {
		nodes[i] = s
	}
	groups := groupNodes(g, nodes, d.Lparen+1)
	parts := make([]chunk, 0, len(groups))
	for i, grp := range groups {
		c := whole
		c.Part = i
		c.Declares, c.References, c.Calls = nil, nil, nil
		from, to := grp.from, grp.to
		if i == 0 {
			from = startOf(d.Doc, d.Pos())
		}
		if i == len(groups)-1 {
			to = d.End()
		}
		c.StartLine, c.EndLine = partLines(g, i, from, to)
		body := g.text(grp.from, grp.to)
		head := d.Tok.String() + " (\n"
		if i == 0 {
			head = g.text(from, d.Lparen+1)
		} else {
			body = strings.TrimLeft(body, "\n")
		}
		c.Text = head + body + "\n)"
		for _, n := range grp.stmts {
			for _, name := range n.(*ast.ValueSpec).Names {
				c.Declares = append(c.Declares, name.Name)
			}
		}
		c.Symbol = valueSymbol(specsOf(grp.stmts))
		for _, n := range grp.stmts {
			collectUses(n, &c)
		}
		c.References, c.Calls = dedupe(c.References), dedupe(c.Calls)
		parts = append(parts, c)
	}
	return parts
}

// partLines returns the line range of part i of a split declaration. A
// later part starts on the line after the one its predecessor ended on.
func partLines(g *goFileChunker, i int, from, to token.Pos) (start, end int) {
	start = g.line(from)
	if i > 0 {
		start++
	}
	return start, g.line(to)
}

func specsOf(nodes []ast.Node) []ast.Spec {
	out := make([]ast.Spec, len(nodes))
	for i, n := range nodes {
		out[i] = n.(ast.Spec)
	}
	return out
}

// nodeGroup is a run of consecutive statements (or specs) that fits in
// one chunk. from is where its text starts: just after the previous group,
// so comments between groups are kept.
type nodeGroup struct {
	from, to token.Pos
	stmts    []ast.Node
}

func groupStatements(g *goFileChunker, stmts []ast.Stmt, start token.Pos) []nodeGroup {
	nodes := make([]ast.Node, len(stmts))
	for i, s := range stmts {
		nodes[i] = s
	}
	return groupNodes(g, nodes, start)
}

// groupNodes packs nodes greedily into groups of about maxChunkChars. A
// single node longer than that becomes a group of its own.
func groupNodes(g *goFileChunker, nodes []ast.Node, start token.Pos) []nodeGroup {
	var groups []nodeGroup
	cur := nodeGroup{from: start}
	for _, n := range nodes {
		size := len(g.text(cur.from, n.End()))
		if len(cur.stmts) > 0 && size > maxChunkChars {
			groups = append(groups, cur)
			cur = nodeGroup{from: cur.to}
		}
		cur.stmts = append(cur.stmts, n)
		cur.to = n.End()
	}
	if len(cur.stmts) > 0 {
		groups = append(groups, cur)
	}
	return groups
}

func dedupe(xs []string) []string {
	seen := make(map[string]bool, len(xs))
	out := xs[:0]
	for _, x := range xs {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}
