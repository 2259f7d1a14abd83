package offline

import (
	"go/ast"
	"regexp"
	"strings"
)

// ormRelationPass explains a relation gorm was asked to load that the
// model does not declare.
var ormRelationPass = &pass{
	name:    "orm-relation",
	doc:     "A relation named to gorm's Preload or Joins that the model's struct does not declare: the call that names it, and the field the model has; a Delete or Update given a value without its primary key: the call, and the lookup that found nothing before it.",
	classes: []Class{ClassORMRelation, ClassMissingWhere},
	needs:   []need{needModule},
	explain: always((*analysis).ormFailure),
}

// gorm's Preload, Joins and Association take the name of a field of the
// model that is a relation (a struct, a slice of structs, with their
// keys), spelled as the struct spells it. A name the model does not
// declare ("WebauthnCredentialList" for a field WebAuthnCredentialList)
// fails every query that asks for it: "WebauthnCredentialList:
// unsupported relations for schema User".

// maxRelationEdits bounds how far a misspelled relation's name is from
// the field meant.
const maxRelationEdits = 3

// ormFailure explains what gorm refused: a relation the model lacks, or a
// statement without a condition.
func (a *analysis) ormFailure() {
	if a.f.Class == ClassMissingWhere {
		a.missingWhere()
		return
	}
	a.ormRelation()
}

// ormRelation explains "R: unsupported relations for schema M".
func (a *analysis) ormRelation() {
	caps := a.f.Captures
	relation, model := caps["relation"], caps["model"]
	name := relation[strings.LastIndexByte(relation, '.')+1:]
	a.culprit = relation
	a.g.Add(relation, name, model, "Preload", "Joins")
	a.headline("gorm cannot load " + code(relation) + ": " + code(model) + " declares no such relation")
	a.why("gorm's " + code("Preload") + " and " + code("Joins") + " take the name of a field of the model that holds a relation (a struct or a slice of structs, with their keys), as the struct spells it; " + code(model) + " has no field " + code(name) + ", so every query that asks for it fails before it runs.")
	src := a.app()
	if src == nil || src.mod == nil {
		a.fix("Name the relation as " + code(model) + "'s struct spells its field, or declare that relation in " + code(model) + ".")
		return
	}
	call, found := a.relationCall(name)
	if found {
		a.g.Add(call.Text)
		a.why("It is named at " + a.cite(call) + ".")
	}
	// Several structs may share the model's name (an API type beside
	// the model): the one with a field close to the name is the model.
	meant, declared := "", sourceLine{}
	for f, ts := range src.structTypes(model, "") {
		var fields []string
		for _, fl := range ts.Type.(*ast.StructType).Fields.List {
			for _, n := range fl.Names {
				fields = append(fields, n.Name)
			}
		}
		if m := closest(name, fields, maxRelationEdits); m != "" {
			meant, declared = m, src.lineAt(f, ts.Pos(), "")
			break
		}
	}
	at := "the call that names it"
	if found {
		at = code(a.fileLoc(call.Path, call.Line))
	}
	if meant != "" && declared.Line > 0 {
		a.g.Add(meant)
		a.why(code(model) + ", declared at " + a.cite(declared) + ", has a field " + code(meant) + ": most likely the relation meant.")
		a.fix("At " + at + ", name the field as the struct spells it: " + code(meant) + ".")
		return
	}
	a.fix("At " + at + ", name a relation " + code(model) + " declares, or add that field, with its keys, to " + code(model) + ".")
}

// reRelationCall finds a call of gorm's that names a relation.
var reRelationCall = regexp.MustCompile(`\b(?:Preload|Joins|Association)\(\s*"([\w.]+)"`)

// relationCall returns the line of the module, outside tests, that names
// the relation name in a call of Preload, Joins or Association: one the
// request reached first, else the only one.
func (a *analysis) relationCall(name string) (sourceLine, bool) {
	src := a.app()
	var found []sourceLine
	for _, f := range src.mod.Files {
		if strings.HasSuffix(f.Path, "_test.go") {
			continue
		}
		for i, l := range f.Lines() {
			for _, m := range reRelationCall.FindAllStringSubmatch(l, -1) {
				if parts := strings.Split(m[1], "."); parts[len(parts)-1] == name {
					fn := ""
					if _, fd := src.mod.FuncAt(f.Path, i+1); fd != nil {
						fn = funcName(fd)
					}
					found = append(found, sourceLine{Path: f.Path, Line: i + 1, Text: strings.TrimSpace(l), Func: fn})
				}
			}
		}
	}
	for _, l := range found {
		if a.reachedLine(l) {
			return l, true
		}
	}
	if len(found) == 1 {
		return found[0], true
	}
	return sourceLine{}, false
}
