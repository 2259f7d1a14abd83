package page

import (
	"bytes"
	"html"
	"strings"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// markdown is the explanation renderer: CommonMark plus GFM tables,
// strikethrough and bare-URL links. Raw HTML is never passed through (no
// html.WithUnsafe): rawAsText shows it as the text it is, since models write
// things like <nil> or Map<K, V> without backticks, and safeLinks makes
// every link whose scheme is not http, https or mailto inert.
var markdown = newMarkdown()

// newMarkdown makes the explanation renderer, with extra options for its
// HTML renderer.
func newMarkdown(opts ...renderer.Option) goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(
			extension.NewTable(extension.WithTableCellAlignMethod(extension.TableCellAlignAttribute)),
			extension.Strikethrough,
			extension.Linkify,
		),
		goldmark.WithParserOptions(
			parser.WithASTTransformers(util.Prioritized(safeLinks{}, 0)),
		),
		goldmark.WithRendererOptions(append([]renderer.Option{
			// Lower values win over the default HTML renderer's 1000.
			renderer.WithNodeRenderers(util.Prioritized(rawAsText{}, 100)),
		}, opts...)...),
	)
}

// RenderMarkdown renders src, an explanation in Markdown written by a model
// or the offline analyzer, as HTML that is safe to put in the page: raw HTML
// in src is shown as escaped text, never as markup, links are kept only for http, https and mailto URLs
// (others keep their text and lose the link), and images become links, since
// the page loads no external resources. The result never contains a script
// element, an event handler attribute or a javascript: URL.
func RenderMarkdown(src string) HTML {
	return renderWith(markdown, &renderedCache, src)
}

// renderWith renders src with md, through cache.
func renderWith(md goldmark.Markdown, cache *renderCache, src string) HTML {
	if h, ok := cache.get(src); ok {
		return h
	}
	var buf bytes.Buffer
	if err := md.Convert([]byte(src), &buf); err != nil {
		// goldmark only fails when the writer fails; a bytes.Buffer does
		// not. Fall back to the escaped text rather than lose it.
		return HTML("<pre>" + htmlText.Replace(src) + "</pre>")
	}
	h := HTML(buf.String())
	cache.put(src, h)
	return h
}

// HTML is markup that is safe to put in the page as it is: RenderMarkdown's
// output.
type HTML string

// renderedCache keeps the HTML of recently rendered explanations: a page
// that fails on every request gets the same explanation every time, and
// rendering is a pure function of the text.
var renderedCache = renderCache{max: 64, maxText: 64 << 10}

// renderCache maps Markdown to its rendering, holding at most max entries
// of at most maxText bytes of Markdown each; when full it starts again
// empty.
type renderCache struct {
	mu      sync.Mutex
	max     int
	maxText int
	html    map[string]HTML
}

func (c *renderCache) get(src string) (HTML, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	h, ok := c.html[src]
	return h, ok
}

func (c *renderCache) put(src string, h HTML) {
	if len(src) > c.maxText {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.html == nil || len(c.html) >= c.max {
		c.html = make(map[string]HTML, c.max)
	}
	c.html[src] = h
}

// safeLinks rewrites the parsed explanation: links and autolinks with an
// unsafe destination are replaced by their text, images become plain links
// (or their alt text), and the remaining links get rel="nofollow noopener
// noreferrer".
type safeLinks struct{}

// Transform implements parser.ASTTransformer.
func (safeLinks) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	source := reader.Source()
	var links, images []ast.Node
	var autolinks []*ast.AutoLink
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Link:
			links = append(links, n)
		case *ast.Image:
			images = append(images, n)
		case *ast.AutoLink:
			autolinks = append(autolinks, n)
		}
		return ast.WalkContinue, nil
	})
	for _, n := range images {
		img := n.(*ast.Image)
		if !safeDestination(img.Destination) {
			unwrap(img)
			continue
		}
		link := ast.NewLink()
		link.Destination = img.Destination
		link.Title = img.Title
		moveChildren(img, link)
		img.Parent().ReplaceChild(img.Parent(), img, link)
		links = append(links, link)
	}
	for _, n := range links {
		link := n.(*ast.Link)
		if !safeDestination(link.Destination) {
			unwrap(link)
			continue
		}
		link.SetAttributeString("rel", []byte("nofollow noopener noreferrer"))
	}
	for _, a := range autolinks {
		if a.AutoLinkType == ast.AutoLinkEmail || safeDestination(a.URL(source)) {
			a.SetAttributeString("rel", []byte("nofollow noopener noreferrer"))
			continue
		}
		a.Parent().ReplaceChild(a.Parent(), a, ast.NewString(a.Label(source)))
	}
}

// rawAsText renders raw HTML, inline or as a block, as escaped text.
type rawAsText struct{}

// RegisterFuncs implements renderer.NodeRenderer.
func (rawAsText) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindRawHTML, renderRawInline)
	reg.Register(ast.KindHTMLBlock, renderRawBlock)
}

func renderRawInline(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		segs := node.(*ast.RawHTML).Segments
		for i := range segs.Len() {
			seg := segs.At(i)
			_, _ = w.Write(util.EscapeHTML(seg.Value(source)))
		}
	}
	return ast.WalkSkipChildren, nil
}

func renderRawBlock(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	n := node.(*ast.HTMLBlock)
	var text []byte
	lines := n.Lines()
	for i := range lines.Len() {
		seg := lines.At(i)
		text = append(text, seg.Value(source)...)
	}
	if n.HasClosure() {
		text = append(text, n.ClosureLine.Value(source)...)
	}
	_, _ = w.WriteString(`<p class="raw">`)
	_, _ = w.Write(util.EscapeHTML(bytes.TrimRight(text, "\n")))
	_, _ = w.WriteString("</p>\n")
	return ast.WalkSkipChildren, nil
}

// unwrap replaces n by its children.
func unwrap(n ast.Node) {
	parent := n.Parent()
	for c := n.FirstChild(); c != nil; {
		next := c.NextSibling()
		parent.InsertBefore(parent, n, c)
		c = next
	}
	parent.RemoveChild(parent, n)
}

// moveChildren moves every child of from to the end of to.
func moveChildren(from, to ast.Node) {
	for c := from.FirstChild(); c != nil; {
		next := c.NextSibling()
		to.AppendChild(to, c)
		c = next
	}
}

// safeDestination reports whether a parsed link destination is safe both as
// written and as the renderer will write it (character references
// resolved), so "java&#x73;cript:" does not pass as a relative URL.
func safeDestination(dest []byte) bool {
	return SafeURL(string(dest)) &&
		SafeURL(html.UnescapeString(string(dest))) &&
		SafeURL(string(util.URLEscape(dest, true)))
}

// SafeURL reports whether a link to u may be kept in the page: a relative
// URL, or an absolute one with the http, https or mailto scheme. It reads u
// the way a browser does (tabs and newlines removed, leading controls and
// spaces ignored, the scheme case-insensitive), so "JaVa\tScript:" is not
// mistaken for a relative URL.
func SafeURL(u string) bool {
	u = strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, u)
	u = strings.TrimLeft(u, "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f ")
	i := strings.IndexAny(u, ":/?#")
	if i < 0 || u[i] != ':' {
		return true // no scheme: relative to the page
	}
	switch strings.ToLower(u[:i]) {
	case "http", "https", "mailto":
		return true
	}
	return false
}
