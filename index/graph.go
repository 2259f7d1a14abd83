package index

import (
	"context"
	"database/sql"
	"regexp"
	"slices"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/explainerr/stack"
)

// Graph-hop limits: a name declared by more chunks than maxDeclarers is too
// ambiguous to follow (String, Error, Close); a failing-line identifier
// contributes at most maxUsersPerIdent chunks that use it.
const (
	maxDeclarers      = 4
	maxUsersPerIdent  = 3
	maxIdentsPerQuery = 12
)

// Ranking bonuses of graph candidates by how they relate to the failure;
// added to the candidate's similarity to the query.
const (
	bonusReceiver   = 0.30 // the failing method's receiver type and its constructors
	bonusLineDecl   = 0.20 // declares an identifier on the failing line
	bonusCallee     = 0.20 // called by the innermost anchored function
	bonusOuterCall  = 0.10 // called by an outer anchored function
	bonusLineUser   = 0.05 // also uses an identifier on the failing line
	graphCandidates = 64
)

// exprFieldRE finds field names in a template error's "<.Author.Name>".
var exprFieldRE = regexp.MustCompile(`<([^>]*)>`)

// graphCand is a chunk reached by the code-graph hop.
type graphCand struct {
	id    int64
	bonus float64
}

// graphHop adds up to GraphLimit chunks one hop from the anchors along the
// code graph: the innermost failing method's receiver type and
// constructors, the functions the anchored functions call, and the
// declarations and users of identifiers on the failing line. Candidates
// are ranked by how they relate to the failure plus their similarity to
// the query.
func (r *Retriever) graphHop(ctx context.Context, rep *report.Report, anchors []anchor, qvec []float32, sel *selection) error {
	cands := map[int64]float64{}
	offer := func(ids []int64, bonus float64) {
		for _, id := range ids {
			if sel.have[id] || len(cands) >= graphCandidates && cands[id] == 0 {
				continue
			}
			cands[id] = max(cands[id], bonus)
		}
	}
	if len(anchors) > 0 {
		pkg, recv := receiverOf(anchors[0].frame.Function)
		if recv != "" {
			ids, err := r.receiverChunks(ctx, pkg, recv)
			if err != nil {
				return err
			}
			offer(ids, bonusReceiver)
		}
	}
	for i, a := range anchors {
		ids, err := r.callees(ctx, a.id)
		if err != nil {
			return err
		}
		offer(ids, map[bool]float64{true: bonusCallee, false: bonusOuterCall}[i == 0])
	}
	for _, name := range failingIdentifiers(rep) {
		decls, err := r.declarers(ctx, name)
		if err != nil {
			return err
		}
		offer(decls, bonusLineDecl)
		users, err := r.users(ctx, name)
		if err != nil {
			return err
		}
		offer(users, bonusLineUser)
	}
	if len(cands) == 0 {
		return nil
	}
	ranked := make([]graphCand, 0, len(cands))
	for id, b := range cands {
		ranked = append(ranked, graphCand{id: id, bonus: b})
	}
	sims, err := r.similarities(ctx, qvec, ranked)
	if err != nil {
		return err
	}
	slices.SortFunc(ranked, func(a, b graphCand) int {
		sa, sb := sims[a.id]+a.bonus, sims[b.id]+b.bonus
		switch {
		case sa > sb:
			return -1
		case sa < sb:
			return 1
		}
		return int(a.id - b.id)
	})
	for _, c := range ranked[:min(len(ranked), r.opts.GraphLimit)] {
		sel.add(c.id, report.ReasonGraph, sims[c.id])
	}
	return nil
}

// receiverOf returns the package and receiver type of a method's fully
// qualified name ("example.com/app/store.(*Store).Get" gives
// "example.com/app/store", "Store"), or "" for a plain function.
func receiverOf(function string) (pkg, recv string) {
	pkg = stack.PackageOf(function)
	rest := strings.TrimPrefix(strings.TrimPrefix(function, pkg), ".")
	typ, after, ok := strings.Cut(rest, ".")
	if !ok || !strings.HasPrefix(typ, "(") && isClosureName(after) {
		return pkg, "" // a plain function, or a closure inside one ("pkg.F.func1")
	}
	typ = strings.TrimSuffix(strings.TrimPrefix(typ, "(*"), ")")
	if i := strings.IndexByte(typ, '['); i >= 0 {
		typ = typ[:i]
	}
	return pkg, typ
}

// isClosureName reports whether name starts with a compiler-generated
// closure name: "func1", "func2.3".
func isClosureName(name string) bool {
	rest, ok := strings.CutPrefix(name, "func")
	return ok && rest != "" && rest[0] >= '0' && rest[0] <= '9'
}

// receiverChunks returns a type's declaration and the package's functions
// returning it (its constructors).
func (r *Retriever) receiverChunks(ctx context.Context, pkg, typ string) ([]int64, error) {
	rows, err := r.db.QueryContext(ctx, `SELECT id FROM chunks WHERE package = ? AND kind = ? AND symbol = ?
		UNION SELECT c.id FROM `+sqlIdentChunks+` JOIN chunks c ON c.id = j.value
		WHERE p.key = ? AND c.package = ? AND c.kind = ? AND c.part = 0`,
		pkg, KindType, typ, identKey(roleReturns, typ), pkg, KindFunc)
	if err != nil {
		return nil, r.broken(err)
	}
	return scanIDs(rows)
}

// callees returns the chunks declaring the functions a chunk calls, when
// the name is declared by few enough chunks to be unambiguous.
func (r *Retriever) callees(ctx context.Context, id int64) ([]int64, error) {
	rows, err := r.db.QueryContext(ctx, `SELECT k.id, n.value FROM chunks a, json_each(a.idents, ?) n
		JOIN ident_postings p ON p.key = ? || n.value, json_each(p.chunks) j
		JOIN chunks k ON k.id = j.value
		WHERE a.id = ? AND k.id != ? AND k.kind IN (?, ?) AND k.part = 0`,
		"$."+roleCalls, roleDeclares, id, id, KindFunc, KindMethod)
	if err != nil {
		return nil, r.broken(err)
	}
	defer rows.Close()
	byName := map[string][]int64{}
	var names []string
	for rows.Next() {
		var cid int64
		var name string
		if err := rows.Scan(&cid, &name); err != nil {
			return nil, r.broken(err)
		}
		if _, ok := byName[name]; !ok {
			names = append(names, name)
		}
		byName[name] = append(byName[name], cid)
	}
	if err := rows.Err(); err != nil {
		return nil, r.broken(err)
	}
	var out []int64
	for _, n := range names {
		if ids := byName[n]; len(ids) <= maxDeclarers {
			out = append(out, ids...)
		}
	}
	return out, nil
}

// declarers returns the chunks declaring name, when few enough do.
func (r *Retriever) declarers(ctx context.Context, name string) ([]int64, error) {
	rows, err := r.db.QueryContext(ctx, `SELECT j.value FROM `+sqlIdentChunks+` WHERE p.key = ? LIMIT ?`,
		identKey(roleDeclares, name), maxDeclarers+1)
	if err != nil {
		return nil, r.broken(err)
	}
	ids, err := scanIDs(rows)
	if err != nil || len(ids) > maxDeclarers {
		return nil, err
	}
	return ids, nil
}

// users returns a few chunks that reference name, when name is declared
// in the index (a local variable's name says nothing).
func (r *Retriever) users(ctx context.Context, name string) ([]int64, error) {
	rows, err := r.db.QueryContext(ctx, `SELECT j.value FROM `+sqlIdentChunks+` WHERE p.key = ?
		AND EXISTS (SELECT 1 FROM ident_postings WHERE key = ?) LIMIT ?`,
		identKey(roleReferences, name), identKey(roleDeclares, name), maxUsersPerIdent*4)
	if err != nil {
		return nil, r.broken(err)
	}
	ids, err := scanIDs(rows)
	if err != nil || len(ids) > maxUsersPerIdent*3 {
		return nil, err // too common to single anything out
	}
	return ids, nil
}

// failingIdentifiers returns the identifiers on the innermost app frame's
// failing line, and the fields of a template error's "<.A.B>" expression.
func failingIdentifiers(rep *report.Report) []string {
	var text strings.Builder
	if f := rep.InnermostApp(); f != nil {
		text.WriteString(f.Source.LineText())
		text.WriteString(" ")
	}
	for _, m := range exprFieldRE.FindAllStringSubmatch(rep.Error.Message, -1) {
		text.WriteString(m[1])
		text.WriteString(" ")
	}
	ids := identifiersIn(text.String())
	return ids[:min(len(ids), maxIdentsPerQuery)]
}

// similarities returns the cosine similarity of each candidate's vector
// to the query.
func (r *Retriever) similarities(ctx context.Context, qvec []float32, cands []graphCand) (map[int64]float64, error) {
	out := make(map[int64]float64, len(cands))
	if qvec == nil || len(cands) == 0 {
		return out, nil
	}
	args := make([]any, len(cands))
	for i, c := range cands {
		args[i] = c.id
	}
	marks := strings.Repeat(",?", len(cands))[1:]
	rows, err := r.db.QueryContext(ctx, `SELECT id, embedding FROM vectors WHERE id IN (`+marks+`)`, args...)
	if err != nil {
		return nil, r.broken(err)
	}
	defer rows.Close()
	q := newQueryVector(qvec)
	for rows.Next() {
		var id int64
		var blob sql.RawBytes
		if err := rows.Scan(&id, &blob); err != nil {
			return nil, r.broken(err)
		}
		out[id] = q.cosine(blob)
	}
	if err := rows.Err(); err != nil {
		return nil, r.broken(err)
	}
	return out, nil
}

// scanIDs reads a column of chunk ids and closes rows.
func scanIDs(rows *sql.Rows) ([]int64, error) {
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}
