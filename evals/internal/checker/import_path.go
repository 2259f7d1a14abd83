package checker

import (
	"fmt"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// KindImportPath is a claim about the package a name imports: "`template`
// being `html/template`".
const KindImportPath = "import_path"

// importPathRe follows a package name: the import path the sentence says
// it names.
var importPathRe = regexp.MustCompile("^`\\s*,?\\s*(?:being|is|here is|which is|comes from|is imported from|imported from|from|of)\\s+(?:the\\s+)?(?:package\\s+)?`([a-z0-9_.\\-]+(?:/[a-z0-9_.\\-]+)+)`")

// checkImportPaths judges "`template` being `html/template`": when the
// name is the name of packages the module imports, and the path stated
// ends in that name, some file of the module must import that path under
// it. A path whose last element is another name (a renamed import) is
// not read.
func (c *Checker) checkImportPaths(prose string, claims []Claim, results []Result) []Result {
	for _, cl := range claims {
		if cl.fromExpr || cl.InCode || cl.Kind != KindIdentifier || cl.end > len(prose) || cl.end == 0 {
			continue
		}
		mm := importPathRe.FindStringSubmatch(prose[cl.end-1:])
		if mm == nil || path.Base(mm[1]) != cl.Text {
			continue
		}
		if from, to := sentenceAround(prose, cl.start); proposalRe.MatchString(outsideCode(prose[from:to])) {
			continue // "import `template` from `html/template` instead"
		}
		paths := c.importPaths(cl.Text)
		if len(paths) == 0 || paths[mm[1]] {
			continue
		}
		var have []string
		for p := range paths {
			have = append(have, p)
		}
		sort.Strings(have)
		claim := Claim{Text: fmt.Sprintf("%s is %s", cl.Text, mm[1]), Kind: KindImportPath, start: cl.start, end: cl.end + len(mm[0])}
		results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("the module's files import %s as %s, not %s", strings.Join(have, ", "), cl.Text, mm[1])})
	}
	return results
}

// importPaths returns the paths the module's files import under name.
func (c *Checker) importPaths(name string) map[string]bool {
	out := map[string]bool{}
	for _, p := range c.m.Pkgs {
		for _, f := range p.Syntax {
			for _, im := range f.Imports {
				ip, err := strconv.Unquote(im.Path.Value)
				if err != nil {
					continue
				}
				local := path.Base(ip)
				if imp, ok := p.Imports[ip]; ok && imp.Types != nil {
					local = imp.Types.Name()
				}
				if im.Name != nil {
					local = im.Name.Name
				}
				if local == name {
					out[ip] = true
				}
			}
		}
	}
	return out
}
