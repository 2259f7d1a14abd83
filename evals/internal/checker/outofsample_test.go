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
	// dir is the set's folder, under testdata: its sentences, its README
	// and, unless the set is retired, its module.json, which pins the
	// module's code by its sum (moduleDir fetches it).
	dir string
	// sha256 is the SHA-256 of dir/outofsample.json.
	sha256 string
	// module and files are the folder's freeze.Hash fingerprint.
	module string
	files  int
	// retired is true for a set that no longer runs: the Go module proxy
	// does not serve the code its sentences are about (its README says
	// why), so it has no module.json and its figures stand as recorded.
	retired bool
}

// path is the set's file.
func (f frozenSet) path() string { return path.Join("testdata", f.dir, "outofsample.json") }

// The folders' fingerprints were recorded anew on 2026-12-02, when each
// module's copy under testdata gave way to a module.json pinning the
// module by its sum, or, for a retired set, was removed; the sentences'
// SHA-256 did not change.
var (
	// tasksrvSet is about a version of the task server the offline
	// analyzer's tests already use (see METHODOLOGY.md).
	tasksrvSet = frozenSet{"tasksrv", "31bcd7ef4743e36bbb4270054bc45f97a027ba714a8e278aa24f64a3eec670d4", "b9d17489ed9b630c77aea43e73d2b084e398e51eab81c370a0016d0c9309dbef", 2, true}
	// rscorsSet is about a module nothing in the repository used before.
	rscorsSet = frozenSet{"rscors", "b27607628fce353b755f51cae5ce7d08e159c6a2e3afd47ade780745057a97ae", "54f64a661bb668b1ac34f6aec1ffc7da7cbf51bbbd123f50f3a17a206202e620", 2, true}
	// nosurfSet is about a module nothing in the repository used before,
	// written after the checker's changes for the earlier sets.
	nosurfSet = frozenSet{"nosurf", "8ea864f921c8e3c83b32fc559135a3691f60ec7961bdab6eede68f05c33a2f91", "015353ebd6a736e86c58770548fcd4947e8e5031863146fc22f463a7db5a97dd", 2, true}
	// secureSet is about a module nothing in the repository used before,
	// written after the checker's changes for the earlier sets.
	secureSet = frozenSet{"secure", "eecbe595bd2aa343aad5d289f586c1cb0d44c7820129f694bd3de974b7ce4233", "9322846fc0bc2a71fb0797aae8b8077168a4cbe964f562f6d8563ef5ff11bc13", 3, false}
	// gziphandlerSet is about a module nothing in the repository used
	// before, written after the checker's last change.
	gziphandlerSet = frozenSet{"gziphandler", "88c901ea2cc11c758cc4fb5bd478548de4aa658d07bf7039c4d7ac78318895d6", "defa31765dc293e6e1f116c8bcab2256cdc73629e768310df4de6662de1094ee", 2, true}
	// patSet is about a module nothing in the repository used before,
	// written after the checker's changes up to commit 1b8e8b3. Its
	// module's fingerprint changed once, after its runs: two comments of
	// mux.go made gofmt-stable without moving a line (README of the set).
	patSet = frozenSet{"pat", "dc179af534775453887748885254d4082ebb9afbab9088840ef663b857a0a924", "519adf0def275001d41cb9edc1881ba794ba71572d3462138db570bf182f6e5c", 3, false}
	// securecookieSet is about a module nothing in the repository used
	// before, written after the checker's changes up to commit 3a36204 by
	// someone who had not read its implementation.
	securecookieSet = frozenSet{"securecookie", "7576d12f9ab0db3a529c7e19609b5a621e1344179530af1d0d845fc7670109e7", "1196c6791438a659363416f264fb6446e493ec2d6821ef315825ba649ae44f56", 3, false}
	// httprouterSet is about a module nothing in the repository used
	// before, written blind after the checker's changes up to commit
	// 864885d by someone who had not read its implementation.
	httprouterSet = frozenSet{"httprouter", "50c45325a6d8968b026c7e4946171eec14d7424aa98f83bf1648ae70e2409a84", "5ceaa973beaa4853250d2e49093893569db5cc12237e66342bfeaeb1dbc27123", 3, false}
	// negroniSet is about a module nothing in the repository used before,
	// written blind after the checker's changes up to commit a77b0f3 by
	// someone who had not read its implementation.
	negroniSet = frozenSet{"negroni", "2cc18dc7b1d0f053b868856ed4ea9c53aeec725747ed067032d6c67e0165c073", "2705942ec29c8e812e67827860dfd5355f9a0a26d01d385daf8fdf9896dd3933", 3, false}
	// schemaSet is about a module nothing in the repository used before,
	// written blind after the checker's changes up to commit e8ec0a3 by
	// someone who had not read its implementation.
	schemaSet = frozenSet{"schema", "a3d5aa405612b9939dd9ba410aab0fabaf63ae4ce913143c974ea092e256856b", "42d037a87773b73ab8e01007f62d966388d1edf6c307def414f17c085d71c595", 3, false}
	// httptreemuxSet is about a module nothing in the repository used
	// before, written blind after the checker's changes up to commit
	// b0e9f01 by someone who had not read its implementation.
	httptreemuxSet = frozenSet{"httptreemux", "e587adeb6c7104c0fa00c72cebe95c88573d6495f1d213ba5e5ccc8a3d10e9c5", "af69f3db1cc4c01ead91c2d7f66d4bd33eab14a76b2618a030bcb05fad0bdba4", 2, true}
	// gojiSet is about a module nothing in the repository used before,
	// written blind after the checker's changes up to commit 5d442e0 by
	// someone who had not read its implementation.
	gojiSet = frozenSet{"goji", "0014dcb131511a15cfcdd5f2e7277564ddbc1423a93ffde8e98b0cdb1b61730b", "d2a82d21202b39e906c34f8c48e1981a8e81957016b3e9f6416683260d98e501", 3, false}
	// scsSet is about a module nothing in the repository used before,
	// written blind after the checker's changes up to commit 9332c67 by
	// someone who had not read its implementation; its sentences' SHA-256
	// was recorded before the checker first ran on them.
	scsSet = frozenSet{"scs", "cd884c8ae2dd16877842f06f19ad8def692df6892cf7903751e2d9fdc143126b", "04c939ccaf21c1dc3a77938a5109bed6bb0e0ebc2897a31d79a929cc9d315745", 3, false}
	// muxSet is about a module nothing in the repository used before,
	// written blind after the checker's changes up to commit 07a262e by
	// someone who had not read its implementation; its sentences' SHA-256
	// was recorded before the checker first ran on them.
	muxSet = frozenSet{"mux", "9c2dbb6ebdf1c69a474ef1823d5ecc02f92917675c84f205ce5eca95e3149e10", "d6f5c239a3495152182c67136dd9ef3a00745418e6aba4c7e0e25ab07daa25f4", 3, false}
	// websocketSet is about a module nothing in the repository used
	// before, written blind after the checker's changes up to commit
	// b4fc3c4 by someone who had not read its implementation; its
	// sentences' SHA-256 was recorded before the checker first ran on them.
	// handlersSet is about a module nothing in the repository used
	// before, written blind after the checker's changes up to commit
	// 7e580cd by someone who had not read its implementation; its
	// sentences' SHA-256 was recorded before the checker first ran on them.
	handlersSet  = frozenSet{"handlers", "ebab7adcf76e3ccd45826e5fe1cd69d164724e353b71b6ed62cc234f850ba034", "f3e8767e2500c3fae8e1f3f71e3c1ac03f6e16e39c9417ce56bbbaec17d3bc02", 3, false}
	websocketSet = frozenSet{"websocket", "a36a45a6649d602984d829b6d01094cb90e7efe444cd1829b8bd6128a6fae0c5", "54351d7433606dc736d9b285b96b644bd0c716e13a95b0012c21a3dfae3f62d7", 3, false}
	// uuidSet is about a module nothing in the repository used before
	// (google/uuid v1.6.0), written blind after the checker's changes up
	// to commit a7910bf by someone who had not read its implementation;
	// its sentences' SHA-256 was recorded before the checker first ran on
	// them.
	uuidSet = frozenSet{"uuid", "25b27d6256cf5afcbbf23d0c14191072583afe8643a6ef8f923f37a849b53fcd", "3875a2075098441d22444dc864599b47ff71c787783e70a3b2f31d5aadff3b34", 3, false}
	// cronSet is about a module nothing in the repository used before
	// (robfig/cron v3.0.1), written blind after the checker's changes up
	// to commit a17596c by someone who had not read its implementation;
	// its sentences' SHA-256 was recorded before the checker first ran on
	// them.
	cronSet = frozenSet{"cron", "913e1838ea8166e48b954161212771816cb18ab85b620e8dedbcdb3c59d25626", "a3d54ea257b854baba104625e175db1cbd8d472fc319f28163ede8f61028c025", 3, false}
	// jwtSet is about a module nothing in the repository used before
	// (golang-jwt/jwt v5.3.1), written blind after the checker's changes up
	// to commit c0fb7e4 by someone who had not read its implementation;
	// its sentences' SHA-256 was recorded before the checker first ran on
	// them.
	jwtSet = frozenSet{"jwt", "c55c58e03c5e6d7776e2d6f5779eabb80820f5aa284081de45ee78d45d02a78a", "bb6df6668da6648d45d259e782667d99cdac2827600b35129362bdedc94153ea", 3, false}
	// envconfigSet is about a module nothing in the repository used before
	// (kelseyhightower/envconfig v1.4.0), written blind after the checker's
	// changes up to commit 8ec77ba by someone who had not read its
	// implementation; its sentences' SHA-256 was recorded before the
	// checker first ran on them.
	envconfigSet = frozenSet{"envconfig", "74919850e32f31f0949e10b358ee707051217470ed22c6472af7eeface8c3ba8", "dc9a8af530362f9f749c2691ed6a40648be7676eeeae4b1dd8d9119a75c8afa3", 3, false}
	// godotenvSet is about a module nothing in the repository used before
	// (joho/godotenv v1.5.1), written blind after the checker's changes up
	// to commit 8a8ad09 by someone who had not read its implementation;
	// its sentences' SHA-256 was recorded before the checker first ran on
	// them.
	godotenvSet = frozenSet{"godotenv", "fc610f5193d35825b74ed4b7ee4e6719917e08ef781ef5a45ab71cfd80d476a5", "b6f0b3dc27a16058a36623d2229a8cd6918a4cf47474416b9944bcc0982bd2c7", 3, false}
	// backoffSet is about a module nothing in the repository used before
	// (cenkalti/backoff/v4 v4.3.0), written blind after the checker's
	// changes up to commit 2f2e8ea by someone who had not read its
	// implementation; its sentences' SHA-256 was recorded before the
	// checker first ran on them.
	backoffSet = frozenSet{"backoff", "c1dfd2ed96c31b14226186b803aec83d7ed68b31d0775fc6d333b3e5f65e1424", "953ee05265c2fa0ba18cff476a66b3b1bdeb3d66720a69e560abb4b9b7624ff0", 3, false}
	// golanglruSet is about a module nothing in the repository used before
	// (hashicorp/golang-lru/v2 v2.0.7), written blind after the checker's
	// changes up to commit d2b0fc9 by someone who had not read its
	// implementation; its sentences' SHA-256 was recorded before the
	// checker first ran on them.
	golanglruSet = frozenSet{"golanglru", "411042eb1523f412dad1e471176812607ce55cade4352f2ff6730198ed7087da", "2244c9f4f2dd0c964e69b7116f2baabf9e0734f9e5076cf5af1b0f62b6c43315", 3, false}
	// humanizeSet is about a module nothing in the repository used before
	// (dustin/go-humanize v1.1.0), written blind after the checker's
	// changes up to commit 29940cf by someone who had not read its
	// implementation; its sentences' SHA-256 was recorded before the
	// checker first ran on them.
	humanizeSet = frozenSet{"humanize", "12fee60bb40a845adf43862f9797728cd5304052f9a017bf22a7de55dcba43c7", "36ae60db1c1a18142575d69d8958e67ecdd2489c8e8e537ade4f2258eee229d7", 3, false}
	// pkgerrorsSet is about a module nothing in the repository used before
	// (pkg/errors v0.9.1), written blind after the checker's changes up to
	// commit 8f33a03 by someone who had not read its implementation; its
	// sentences' SHA-256 was recorded before the checker first ran on
	// them.
	pkgerrorsSet = frozenSet{"pkgerrors", "328cbfae4fb66247bfbe374ffbcf8788d6e8ea110732f541e9a281903c4cd97e", "dd620d0164942fc131e480a472e96aa66e0cb7409ea9c0f9894f15bc575ffb55", 3, false}
	// httpsnoopSet is about a module nothing in the repository used before
	// (felixge/httpsnoop v1.1.0), written blind after the checker's changes
	// up to commit 6925979 by someone who had not read its implementation;
	// its sentences' SHA-256 was recorded before the checker first ran on
	// them.
	httpsnoopSet = frozenSet{"httpsnoop", "01c99188070096a400bcf87866fa587e2e55fe5e81b907cb90d03f2f6bc5e5a3", "b0f167710fc3734aea11df456a3c5428cfd1c7172bc734ca8a2d5c6dc1ffc113", 3, false}
	// aliceSet is about a module nothing in the repository used before
	// (justinas/alice v1.2.0), written blind after the checker's changes
	// up to commit 808b819 by someone who had not read its implementation;
	// its sentences' SHA-256 was recorded before the checker first ran on
	// them.
	aliceSet = frozenSet{"alice", "0208b855ca691a0a41d1f508d56cc32ac600364a4d731b59c530e80f6524bc72", "00ee30558ca84fb1a412dc83d05246f5db60516196e977f22448a3c97f406af7", 3, false}
	// groupcacheSet is about a module nothing in the repository used
	// before (golang/groupcache's lru and singleflight packages), written
	// blind after the checker's changes up to commit d49fde5 by someone
	// who had not read its implementation; its sentences' SHA-256 was
	// recorded before the checker first ran on them.
	groupcacheSet = frozenSet{"groupcache", "94eedaab5aeeda453b7bfef83304f59626dda3d297e4406c5fb9cfd63fa97824", "2bf4a438fe9c9da3878e13a386453e989bad6bcad5be8f7c66dba03d72a665f0", 3, false}
	// renderSet is about a module nothing in the repository used before
	// (go-chi/render v1.0.3), written blind after the checker's changes up
	// to commit ec3ee30 by someone who had not read its implementation;
	// its sentences' SHA-256 was recorded before the checker first ran on
	// them.
	renderSet = frozenSet{"render", "51135e2c8d9c9f15feba6cc18a5a98fada9771d16405559491743dc6830ebe91", "bb7432bb91648d7eb6285ef3b63d2954eaa10ddd53df1abdd141ec22e2ea4c17", 3, false}
	// httprateSet is about a module nothing in the repository used before
	// (go-chi/httprate v0.16.1), written blind after the checker's changes
	// up to commit f4b173b by someone who had not read its implementation;
	// its sentences' SHA-256 was recorded before the checker first ran on
	// them.
	httprateSet = frozenSet{"httprate", "1768c76fc4ddf44d419a3fee6b10486b1eac71d4fd183aba33131b1ffdd7bf9a", "595ad3f055e1b1e2b95244541f800e1c4308898924fcb122dbe6f0ad43324e20", 3, false}
	// ulidSet is about a module nothing in the repository used before
	// (oklog/ulid/v2 v2.1.2, ulid.go), written blind after the checker's
	// changes up to 2669be4 by someone who had not read the checker, and
	// frozen before the checker first ran on it.
	ulidSet = frozenSet{"ulid", "6f835cacec79294eb1e82526160fa072fa26e49b2064ddecb5e2f1854a7a6fff", "0ca76635e2361ff197c44b0b89a674ad2a8e93e5d6b497c7ad75b8edbc5ed58d", 3, false}
	// xidSet is about a module nothing in the repository used before
	// (rs/xid v1.6.0, its eight files), written blind after the
	// checker's changes up to 4125d37 by someone who had not read the
	// checker, and frozen before the checker first ran on it.
	xidSet = frozenSet{"xid", "55797b8628d8f1236462db57af35f9b1d134f3bbce23e37d902982710fe7bbf1", "ce408af59e8a30474a3471b6139470f016c72492d4862e7e6dcef96e52a8cec4", 3, false}
	// csrfSet is about a module nothing in the repository used before
	// as a labelled set (gorilla/csrf v1.7.3, six of its files), written
	// blind after the checker's changes up to 1890970 by someone who had
	// not read the checker, and frozen before the checker first ran on it.
	csrfSet = frozenSet{"csrf", "984da352e14a0b6b5f3add0e1e9443b07a7158bb2fc01777b992544a7026e20a", "98a652c185ac3122b9cd908c8264c134fbfd8243c28c3038c811e0f716b053cc", 3, false}
	// formSet is about a module nothing in the repository used before
	// (go-playground/form/v4 v4.2.1, its decoding files), written blind
	// after the checker's changes up to 1890970 by someone who had not
	// read the checker, and frozen before the checker first ran on it.
	formSet = frozenSet{"form", "606bddad331eb4b764d815572cad2d6f896b7e5b5ac5344f84d360f41c8bf135", "3773547932c7fb466adc360e83b94eafc758892d1f2f491fe04efd872b4cc7bb", 3, false}
	// gocacheSet is about a module no labelled set was about
	// (patrickmn/go-cache v2.1.0, both of its files), written blind
	// after the checker's changes up to b6ae9cd by someone who had not
	// read the checker, and frozen before the checker first ran on it.
	gocacheSet = frozenSet{"gocache", "2979729bc5537d29f4ffe37b8cc2fb9cc412f4522b5fecd74198e8e8f70e3197", "1ae6c544eae20b4d47b746969a2209f9c3cc9c8101d602ebaabf3c1625b80fee", 3, false}
	// sessionsSet is about a module no labelled set was about
	// (gorilla/sessions v1.4.0, its six files), written blind after the
	// checker's changes up to b6ae9cd by someone who had not read the
	// checker, and frozen before the checker first ran on it.
	sessionsSet = frozenSet{"sessions", "7442d86e771ee7aa66dbf0ed57cafe4d0b4053c46e777e2375364d7f3ad8a075", "3986c7d1e3bb652f47402d6261f01302400d9de8f4cb72beb2595608ea9b2c2c", 3, false}
	// semverSet is about a module no labelled set was about
	// (Masterminds/semver/v3 v3.5.0, its four files), written blind after
	// the checker's changes up to 1489c43 by someone who had not read the
	// checker, and frozen before the checker first ran on it.
	semverSet = frozenSet{"semver", "37a3f65e57149de16c0c241382fdc817bcf06d01ba05c58f91ca42db0482726a", "3e8593e6943dc28c4f7ad97c1c8a43bb529f3a4130fd01b380e9018c34670b4b", 3, false}
	// querystringSet is about a module no labelled set was about
	// (google/go-querystring v1.2.0, its one file), written blind after
	// the checker's changes up to 1489c43 by someone who had not read the
	// checker, and frozen before the checker first ran on it.
	querystringSet = frozenSet{"querystring", "abdf2b8434d92769e42fe5c732883c12b2e9109b692245558a8db13bf5223b2d", "c1bcd6b05c1cc0e6db84f9177e17055c83ef28e1482f13d630f3826f909483e7", 3, false}
	// feedsSet is about a module no labelled set was about
	// (gorilla/feeds v1.2.0, its six files), written blind after the
	// checker's changes up to 634cfe2 by someone who had not read the
	// checker, and frozen before the checker first ran on it.
	feedsSet = frozenSet{"feeds", "453ccb242121b3c3b84be9a098e20bc2315bd2fbb1be34806c76e83cdb4a3566", "bb7be29210e71c9159d50f86bafcadb6f4827569ccb285265f2a6e0cdd57cec1", 3, false}
	// ksuidSet is about a module no labelled set was about
	// (segmentio/ksuid v1.0.4, its seven files), written blind after the
	// checker's changes up to 634cfe2 by someone who had not read the
	// checker, and frozen before the checker first ran on it.
	ksuidSet = frozenSet{"ksuid", "24f89f3efe70917e534bd96707d8df246efbd302588a630019efbf3a0a41c055", "4648602472f1cb24ab2721f7b0fa16d78a9ec92288deecc937088424e51fe3f6", 3, false}
	// gobreakerSet is about a module no labelled set was about
	// (sony/gobreaker/v2 v2.4.0, its four files), written blind after the
	// checker's changes up to 12c3e5c by someone who had not read the
	// checker, and frozen before the checker first ran on it.
	gobreakerSet = frozenSet{"gobreaker", "3bac62a3ed836ca8a64ef90b0ab2b46c40fb1b547a2a8d4e695ef225ddb80b3a", "60dcd08bcbd64af1b8f21e0d4df32c27fbb7a23733f3d1ec4e90cb424f7c7e25", 3, false}
	// envSet is about a module no labelled set was about
	// (caarlos0/env/v11 v11.4.2, its four files), written blind after the
	// checker's changes up to 12c3e5c by someone who had not read the
	// checker, and frozen before the checker first ran on it.
	envSet = frozenSet{"env", "56b9b58185188309c914bb1736593da3778e6e68a9095a701d4f0fe5409f928a", "b11bd243755ab415c7c7b9bba2c2be5b82e77e3f744299f5e8c9693e4c0e05f8", 3, false}
	// retrygoSet is about a module no labelled set was about
	// (avast/retry-go/v4 v4.7.0, its two files), written blind after the
	// checker's changes up to eeadd8e by someone who had not read the
	// checker, and frozen before the checker first ran on it.
	retrygoSet = frozenSet{"retrygo", "3f4cf99e7bf37a69e9fb29d22d669142ac9dc889bc7246e114a8d7ed313fab5d", "9a3eaff1603426f7c86b337f575b257743611e3c2d7886e4066fd36206f01d0b", 3, false}
	// slugSet is about a module no labelled set was about
	// (gosimple/slug v1.15.0, its three files), written blind after the
	// checker's changes up to eeadd8e by someone who had not read the
	// checker, and frozen before the checker first ran on it.
	slugSet = frozenSet{"slug", "73bd7a1ec9c69b25af2f7b84b39d97d23ae181564b79983258c5d1958b9bcb9c", "e0d26b9456c0b7070b8c8e8965ccfec4a772c50ee467afd16172f062493a0c22", 3, false}
	// chicorsSet is about a module no labelled set was about
	// (go-chi/cors v1.2.2, its two files), written blind after the
	// checker's changes up to 125897b by someone who had not read the
	// checker, and frozen before the checker first ran on it.
	chicorsSet = frozenSet{"chicors", "57f9f367f87dae504106c5f190085e1f17874ce50463e30719988c57d74d72d3", "5ca83ab2dee16caaf00ce7ad62d21fdc399048e981619bbb8b0708dd5bf78bf5", 3, false}
	// clockSet is about a module no labelled set was about
	// (benbjohnson/clock v1.3.5, its two files), written blind after the
	// checker's changes up to 2d92b86 by someone who had not read the
	// checker, and frozen before the checker first ran on it.
	clockSet = frozenSet{"clock", "e22b284619bbca5631c0ebfbe4e068eb9fdcd1b46bdbfde2bee136e66c9cfafa", "fab6debab739e01b1c2cbebb7fc3c05f60c48d2486153d769fdd42a6b53acf4d", 3, false}
)

// TestOutOfSampleSetsAreFrozen checks the SHA-256 of each out-of-sample
// set, the fingerprint of its folder and that a set has a well-formed
// module.json unless it is retired.
func TestOutOfSampleSetsAreFrozen(t *testing.T) {
	for _, f := range []frozenSet{tasksrvSet, rscorsSet, nosurfSet, secureSet, gziphandlerSet, patSet, securecookieSet, httprouterSet, negroniSet, schemaSet, httptreemuxSet, gojiSet, scsSet, muxSet, websocketSet, handlersSet, uuidSet, cronSet, jwtSet, envconfigSet, godotenvSet, backoffSet, golanglruSet, humanizeSet, pkgerrorsSet, httpsnoopSet, aliceSet, groupcacheSet, renderSet, httprateSet, ulidSet, xidSet, csrfSet, formSet, gocacheSet, sessionsSet, semverSet, querystringSet, feedsSet, ksuidSet, gobreakerSet, envSet, retrygoSet, slugSet, chicorsSet, clockSet} {
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
		if _, err := readPin(f.dir); f.retired != os.IsNotExist(err) || !f.retired && err != nil {
			t.Errorf("testdata/%s: retired %v, but reading its module.json: %v", f.dir, f.retired, err)
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
