package pipeline

import (
	"context"
	"fmt"

	"github.com/explainerr/explainerr/blogapp/fixture"
	"github.com/explainerr/explainerr/evals/internal/judge"
	"github.com/explainerr/explainerr/evals/internal/records"
	"github.com/explainerr/explainerr/explainerr/report"
)

// judgeItem is one judge call to make: a comparison in one order, or an
// identical-answer control, by the judge or the second judge.
type judgeItem struct {
	fx          fixture.Fixture
	run, rep    int
	order       string
	static, rag *records.Generation
	// who is "" for the judge and records.JudgeSecond for the second.
	who    string
	client *judge.Client
	price  records.Price
	// controlMode is the mode whose explanation a control shows twice.
	controlMode string
}

// sides returns the explanations shown as A and B and the mode of A.
func (it judgeItem) sides() (a, b *records.Generation, aMode string) {
	switch it.order {
	case records.OrderControl:
		g := it.rag
		if it.controlMode == report.ModeStatic {
			g = it.static
		}
		return g, g, it.controlMode
	case OrderStaticFirst:
		return it.static, it.rag, report.ModeStatic
	}
	return it.rag, it.static, report.ModeRAG
}

func (it judgeItem) key() string {
	return records.Judgment{Fixture: it.fx.ID, Run: it.run, Rep: it.rep, Order: it.order, Judge: it.who}.Key()
}

// orders returns the orders to judge a comparison in: both (the
// default), or one drawn so that each group of fixtures sees rag first
// as often as static first (within one), from the seed, so a resumed
// run draws the same.
func (r *runner) orders(fixtureID string, run, rep int) []string {
	if r.o.BothOrders {
		return []string{OrderRAGFirst, OrderStaticFirst}
	}
	if r.ragFirst(run, rep)[fixtureID] {
		return []string{OrderRAGFirst}
	}
	return []string{OrderStaticFirst}
}

// ragFirst draws, for one run and rep, the fixtures shown rag first,
// balanced within their app, their category and their app's fixture
// group (the groups the reports break results down by).
func (r *runner) ragFirst(run, rep int) map[string]bool {
	items := make([]judge.Grouped, 0, len(r.fixes))
	for _, fx := range r.fixes {
		group := fx.Group
		if group == "" {
			group = fx.Category
		}
		app := r.appOf[fx.ID]
		items = append(items, judge.Grouped{ID: fx.ID, Groups: []string{"app:" + app, "category:" + fx.Category, "group:" + app + "/" + group}})
	}
	return judge.BalancedWithinGroups(items, r.o.Seed, run, rep)
}

// judgeFixture judges the rag and static explanations of one fixture and
// run in each order, then asks the identical-answer control; the second
// judge, when configured, judges the same orders.
func (r *runner) judgeFixture(ctx context.Context, fx fixture.Fixture, run int, gens map[string]*records.Generation) {
	static, rag := gens[report.ModeStatic], gens[report.ModeRAG]
	for rep := 1; rep <= r.o.JudgeReps; rep++ {
		base := judgeItem{fx: fx, run: run, rep: rep, static: static, rag: rag, client: r.judge, price: r.o.JudgePrice}
		for _, order := range r.orders(fx.ID, run, rep) {
			it := base
			it.order = order
			r.judgeItem(ctx, it)
			if r.judge2 != nil {
				it.who, it.client, it.price = records.JudgeSecond, r.judge2, r.o.Judge2Price
				r.judgeItem(ctx, it)
			}
		}
		control := base
		control.order, control.controlMode = records.OrderControl, report.ModeStatic
		if r.ragFirst(run, rep)[fx.ID] {
			control.controlMode = report.ModeRAG
		}
		r.judgeItem(ctx, control)
	}
}

// judgeItem makes one judge call and records its row, or its error. Two
// byte-identical explanations are a tie, recorded without a call.
func (r *runner) judgeItem(ctx context.Context, it judgeItem) {
	key := it.key()
	if r.done[key] {
		return
	}
	errRow := records.ErrorRow{Stage: records.StageJudge, Fixture: it.fx.ID, Run: it.run, Rep: it.rep, Order: it.order, Judge: it.who}
	if it.static == nil || it.rag == nil {
		errRow.Error = "not judged: an explanation of this fixture is missing (see the generate errors)"
		r.dir.AppendError(errRow)
		return
	}
	var j *records.Judgment
	if it.order != records.OrderControl && it.static.Explanation == it.rag.Explanation {
		if it.who != "" {
			return // nothing for a second judge to agree on
		}
		_, _, aMode := it.sides()
		j = &records.Judgment{Kind: records.KindJudgment, Fixture: it.fx.ID, Group: it.fx.Category, Run: it.run, Rep: it.rep,
			AMode: aMode, Order: it.order, Identical: true, WinnerMode: judge.WinnerTie}
	} else {
		var err error
		if j, err = r.judgeOne(ctx, it); err != nil {
			errRow.Error = err.Error()
			r.dir.AppendError(errRow)
			fmt.Fprintf(r.o.Stderr, "evals: judging %s run %d rep %d (%s%s): %v\n", it.fx.ID, it.run, it.rep, it.order, whoSuffix(it.who), err)
			return
		}
	}
	if err := r.dir.AppendResult(j); err != nil {
		fmt.Fprintln(r.o.Stderr, "evals:", err)
		return
	}
	r.rows.Judgments = append(r.rows.Judgments, *j)
	r.done[key] = true
}

func whoSuffix(who string) string {
	if who == "" {
		return ""
	}
	return ", " + who + " judge"
}
