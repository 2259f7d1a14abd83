package checker

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"testing"

	"github.com/explainerr/explainerr/evals/internal/freeze"
)

// The out-of-sample set (testdata/tasksrv/outofsample.json) was written
// and labelled before the checker ever ran on it, and frozen: a change to
// the sentences, or to the app they speak of, fails here and needs a new,
// dated set rather than an edit.
const (
	outOfSamplePath   = "testdata/tasksrv/outofsample.json"
	outOfSampleSHA256 = "31bcd7ef4743e36bbb4270054bc45f97a027ba714a8e278aa24f64a3eec670d4"
	// tasksrvSHA256 fingerprints the app's files with freeze.Hash.
	tasksrvSHA256 = "c424923b1cafa81c148e1efc3804e4993dbe33d8b2500b1fb54515d557c2dd07"
	tasksrvFiles  = 5
)

// TestOutOfSampleSetIsFrozen checks the SHA-256 of the out-of-sample
// sentences and the fingerprint of the app they are about.
func TestOutOfSampleSetIsFrozen(t *testing.T) {
	data, err := os.ReadFile(outOfSamplePath)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(data)
	if got := hex.EncodeToString(sum[:]); got != outOfSampleSHA256 {
		t.Errorf("%s changed after it was frozen: sha256 %s, recorded %s", outOfSamplePath, got, outOfSampleSHA256)
	}
	fp, err := freeze.Hash("testdata", "tasksrv")
	if err != nil {
		t.Fatal(err)
	}
	if fp.SHA256 != tasksrvSHA256 || fp.Files != tasksrvFiles {
		t.Errorf("testdata/tasksrv changed after it was frozen: %d files, sha256 %s; recorded %d files, %s", fp.Files, fp.SHA256, tasksrvFiles, tasksrvSHA256)
	}
	set, err := ParseLabelled(data)
	if err != nil {
		t.Fatal(err)
	}
	requireBalanced(t, set, 40)
}
