package index

import (
	"context"
	"path/filepath"
	"testing"
	"time"
)

func TestTmpStages(t *testing.T) {
	path := filepath.Join(t.TempDir(), "index.db")
	if err := writeSyntheticIndex(path, 10000); err != nil {
		t.Fatal(err)
	}
	r, err := OpenRetriever(path, RetrieverOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	rep := syntheticReport(10000)
	ctx := context.Background()
	q, _ := r.embedQuery(ctx, QueryText(rep))
	for round := 0; round < 2; round++ {
		t0 := time.Now()
		for i := 0; i < 50; i++ {
			r.embedQuery(ctx, QueryText(rep))
		}
		t1 := time.Now()
		for i := 0; i < 50; i++ {
			r.frameAnchors(ctx, rep, newSelection())
		}
		t2 := time.Now()
		for i := 0; i < 50; i++ {
			sel := newSelection()
			a, _ := r.frameAnchors(ctx, rep, sel)
			r.graphHop(ctx, rep, a, q, sel)
		}
		t3 := time.Now()
		for i := 0; i < 50; i++ {
			r.similar(ctx, q, 4, newSelection())
		}
		t4 := time.Now()
		t.Logf("embed %v anchors %v anchors+graph %v knn %v", t1.Sub(t0)/50, t2.Sub(t1)/50, t3.Sub(t2)/50, t4.Sub(t3)/50)
	}
}
