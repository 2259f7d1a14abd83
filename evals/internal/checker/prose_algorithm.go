package checker

import (
	"fmt"
	"go/ast"
	"go/types"
	"regexp"
	"strings"
)

// KindAlgorithm is a claim about which algorithm a function's code uses,
// named in prose: "`computeAcceptKey` feeds the key into a SHA-256 hash",
// "returns the hex encoding of the digest".
const KindAlgorithm = "algorithm"

// algorithm is one algorithm prose may name, and what code using it
// names: a package's import path, or qualified names of one
// ("encoding/base64.StdEncoding").
type algorithm struct {
	words *regexp.Regexp
	uses  []string
}

// algorithmFamilies are the algorithms a sentence may name in place of
// one another: of each family, code that uses one member and not the
// one the sentence names contradicts it.
var algorithmFamilies = [][]algorithm{
	{ // hashes
		{regexp.MustCompile(`(?i)\bSHA-?1\b`), []string{"crypto/sha1"}},
		{regexp.MustCompile(`(?i)\bSHA-?256\b`), []string{"crypto/sha256"}},
		{regexp.MustCompile(`(?i)\bSHA-?512\b`), []string{"crypto/sha512"}},
		{regexp.MustCompile(`(?i)\bMD5\b`), []string{"crypto/md5"}},
		{regexp.MustCompile(`(?i)\bCRC-?32\b`), []string{"hash/crc32"}},
		{regexp.MustCompile(`(?i)\bFNV(?:-1a?)?\b`), []string{"hash/fnv"}},
	},
	{ // text encodings of bytes
		{regexp.MustCompile(`(?i)\bhex(?:adecimal|-encod\w*)?\b`), []string{"encoding/hex"}},
		{regexp.MustCompile(`(?i)\bbase-?64\b`), []string{"encoding/base64"}},
		{regexp.MustCompile(`(?i)\bbase-?32\b`), []string{"encoding/base32"}},
	},
	{ // base64 alphabets
		{regexp.MustCompile(`(?i)\bstandard\s+(?:\w+\s+)?base-?64\b|\bbase-?64\s+standard\b`), []string{"encoding/base64.StdEncoding", "encoding/base64.RawStdEncoding"}},
		{regexp.MustCompile(`(?i)\bURL(?:-safe)?\s+(?:\w+\s+)?base-?64\b|\bbase-?64\s*URL\b`), []string{"encoding/base64.URLEncoding", "encoding/base64.RawURLEncoding"}},
	},
	{ // compressions
		{regexp.MustCompile(`(?i)\bgzip(?:ped|s)?\b`), []string{"compress/gzip"}},
		{regexp.MustCompile(`(?i)\b(?:deflate|flate)\b`), []string{"compress/flate"}},
		{regexp.MustCompile(`(?i)\bzlib\b`), []string{"compress/zlib"}},
	},
}

// checkAlgorithms judges the algorithms a clause names in plain prose of
// a function that does something (useClauses): "feeds the key into a
// SHA-256 hash" is contradicted when the function and what it reaches
// use another of the same family (crypto/sha1) and none of what the
// named one is.
func (c *Checker) checkAlgorithms(prose string, claims []Claim, results []Result) []Result {
	for _, uc := range c.useClauses(prose, claims) {
		text := outsideCode(prose[uc.from:uc.to])
		var used map[string]bool
		for _, family := range algorithmFamilies {
			for _, a := range family {
				loc := a.words.FindStringIndex(text)
				if loc == nil {
					continue
				}
				if used == nil {
					used = c.qualifiedUses(c.reach(uc.funcs))
				}
				if usesAny(used, a.uses) {
					continue
				}
				for _, other := range family {
					if other.words == a.words || !usesAny(used, other.uses) {
						continue
					}
					subject := lastName(uc.subject.Text)
					said := text[loc[0]:loc[1]]
					claim := Claim{Text: subject + " uses " + said, Kind: KindAlgorithm, start: uc.from + loc[0], end: uc.from + loc[1]}
					results = append(results, Result{Claim: claim, Verdict: Contradicted, Reason: fmt.Sprintf("%s and the functions it reaches use %s, not %s", subject, strings.Join(other.uses, " or "), said)})
					break
				}
			}
		}
	}
	return results
}

// usesAny reports whether used holds one of names.
func usesAny(used map[string]bool, names []string) bool {
	for _, n := range names {
		if used[n] {
			return true
		}
	}
	return false
}

// qualifiedUses returns the import paths of the packages the reached
// functions name, and the names they select from them, qualified
// ("encoding/base64" and "encoding/base64.StdEncoding").
func (c *Checker) qualifiedUses(r *reached) map[string]bool {
	out := map[string]bool{}
	for _, f := range r.funcs {
		if f.Pkg.TypesInfo == nil || f.Decl == nil {
			continue
		}
		ast.Inspect(f.Decl, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			id, ok := sel.X.(*ast.Ident)
			if !ok {
				return true
			}
			if pn, ok := f.Pkg.TypesInfo.Uses[id].(*types.PkgName); ok {
				path := pn.Imported().Path()
				out[path] = true
				out[path+"."+sel.Sel.Name] = true
			}
			return true
		})
	}
	return out
}
