package checker

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path"
	"testing"

	"github.com/explainerr/explainerr/evals/internal/freeze"
)

// frozenSet is a labelled set about a module the checker was not developed
// on, written and labelled before the checker ever ran on it, and frozen:
// a change to its sentences, or to the module they speak of, fails
// TestOutOfSampleSetsAreFrozen and needs a new, dated set rather than an
// edit.
type frozenSet struct {
	// dir is the module, under testdata.
	dir string
	// sha256 is the SHA-256 of dir/outofsample.json.
	sha256 string
	// module and files are the module's freeze.Hash fingerprint.
	module string
	files  int
}

// path is the set's file.
func (f frozenSet) path() string { return path.Join("testdata", f.dir, "outofsample.json") }

var (
	// tasksrvSet is about a version of the task server the offline
	// analyzer's tests already use (see METHODOLOGY.md).
	tasksrvSet = frozenSet{"tasksrv", "31bcd7ef4743e36bbb4270054bc45f97a027ba714a8e278aa24f64a3eec670d4", "c424923b1cafa81c148e1efc3804e4993dbe33d8b2500b1fb54515d557c2dd07", 5}
	// rscorsSet is about a module nothing in the repository used before.
	rscorsSet = frozenSet{"rscors", "b27607628fce353b755f51cae5ce7d08e159c6a2e3afd47ade780745057a97ae", "0fed476cfa010074b08d374fbe3607d9cb28b45cac130ab842ecceedc988dd02", 5}
	// nosurfSet is about a module nothing in the repository used before,
	// written after the checker's changes for the earlier sets.
	nosurfSet = frozenSet{"nosurf", "8ea864f921c8e3c83b32fc559135a3691f60ec7961bdab6eede68f05c33a2f91", "2e93521fb239bdb44f62405fadf3885ee98d3bd398042dbaed5f1e4e8ea12de1", 9}
	// secureSet is about a module nothing in the repository used before,
	// written after the checker's changes for the earlier sets.
	secureSet = frozenSet{"secure", "eecbe595bd2aa343aad5d289f586c1cb0d44c7820129f694bd3de974b7ce4233", "67187747bf5349f24d6bd9a307e32dd4c9a689192ee9a14d7d2cf88337f82706", 4}
	// gziphandlerSet is about a module nothing in the repository used
	// before, written after the checker's last change.
	gziphandlerSet = frozenSet{"gziphandler", "88c901ea2cc11c758cc4fb5bd478548de4aa658d07bf7039c4d7ac78318895d6", "3d48adf2f2823331b3e4285071dad0a90d1f8e08c99890755c74e1f907186c72", 3}
	// patSet is about a module nothing in the repository used before,
	// written after the checker's changes up to commit 1b8e8b3. Its
	// module's fingerprint changed once, after its runs: two comments of
	// mux.go made gofmt-stable without moving a line (README of the set).
	patSet = frozenSet{"pat", "dc179af534775453887748885254d4082ebb9afbab9088840ef663b857a0a924", "4d9974ddf16a09017d172ae983992f46ff6a4c903c9dbc174a011998b3269976", 4}
	// securecookieSet is about a module nothing in the repository used
	// before, written after the checker's changes up to commit 3a36204 by
	// someone who had not read its implementation.
	securecookieSet = frozenSet{"securecookie", "7576d12f9ab0db3a529c7e19609b5a621e1344179530af1d0d845fc7670109e7", "fb490e6f0ba1137029525844987b1d92fce24d1caaf20fef63e17c9a5e239be9", 4}
	// httprouterSet is about a module nothing in the repository used
	// before, written blind after the checker's changes up to commit
	// 864885d by someone who had not read its implementation.
	httprouterSet = frozenSet{"httprouter", "50c45325a6d8968b026c7e4946171eec14d7424aa98f83bf1648ae70e2409a84", "dd51508bf8024ac9a12a5dbe247bf1f644f526782913809dd0946d3c8b69cbac", 5}
	// negroniSet is about a module nothing in the repository used before,
	// written blind after the checker's changes up to commit a77b0f3 by
	// someone who had not read its implementation.
	negroniSet = frozenSet{"negroni", "2cc18dc7b1d0f053b868856ed4ea9c53aeec725747ed067032d6c67e0165c073", "611810c8f39bedc007dcf29f432197ba6bad5f40eec19c454b31ebca1267a29b", 10}
	// schemaSet is about a module nothing in the repository used before,
	// written blind after the checker's changes up to commit e8ec0a3 by
	// someone who had not read its implementation.
	schemaSet = frozenSet{"schema", "a3d5aa405612b9939dd9ba410aab0fabaf63ae4ce913143c974ea092e256856b", "212454ccb98dac18df6831f07f92a4c674b1e7a5068fab8ac338376d3ca9916c", 7}
	// httptreemuxSet is about a module nothing in the repository used
	// before, written blind after the checker's changes up to commit
	// b0e9f01 by someone who had not read its implementation.
	httptreemuxSet = frozenSet{"httptreemux", "e587adeb6c7104c0fa00c72cebe95c88573d6495f1d213ba5e5ccc8a3d10e9c5", "8bc9f0437bf54a50ef7cc8e5adc1fe7926e91a0ae29dde5c1bdc3aee01eaf846", 12}
	// gojiSet is about a module nothing in the repository used before,
	// written blind after the checker's changes up to commit 5d442e0 by
	// someone who had not read its implementation.
	gojiSet = frozenSet{"goji", "0014dcb131511a15cfcdd5f2e7277564ddbc1423a93ffde8e98b0cdb1b61730b", "fdca94724391c7599a2841c30818779a62147b6d3be101f4af741b25a7076d55", 19}
)

// TestOutOfSampleSetsAreFrozen checks the SHA-256 of each out-of-sample
// set and the fingerprint of the module it is about.
func TestOutOfSampleSetsAreFrozen(t *testing.T) {
	for _, f := range []frozenSet{tasksrvSet, rscorsSet, nosurfSet, secureSet, gziphandlerSet, patSet, securecookieSet, httprouterSet, negroniSet, schemaSet, httptreemuxSet, gojiSet} {
		data, err := os.ReadFile(f.path())
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(data)
		if got := hex.EncodeToString(sum[:]); got != f.sha256 {
			t.Errorf("%s changed after it was frozen: sha256 %s, recorded %s", f.path(), got, f.sha256)
		}
		fp, err := freeze.Hash("testdata", f.dir)
		if err != nil {
			t.Fatal(err)
		}
		if fp.SHA256 != f.module || fp.Files != f.files {
			t.Errorf("testdata/%s changed after it was frozen: %d files, sha256 %s; recorded %d files, %s", f.dir, fp.Files, fp.SHA256, f.files, f.module)
		}
		set, err := ParseLabelled(data)
		if err != nil {
			t.Fatal(err)
		}
		requireBalanced(t, set, 40)
	}
}
