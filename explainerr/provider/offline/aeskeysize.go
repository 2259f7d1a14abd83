package offline

import (
	"regexp"
	"strings"
)

// crypto/aes refuses a key that is not 16, 24 or 32 bytes long
// ("crypto/aes: invalid key size 40"), whoever asked for the cipher: a
// cookie store given the app's secret as its encryption key
// (sessions.NewCookieStore(hashKey, blockKey), securecookie.New), the
// app itself. The key is given where the store or cipher is made.

// reAESKeySize finds crypto/aes's refusal and the size it was given.
var reAESKeySize = regexp.MustCompile(`crypto/aes: invalid key size (\d+)`)

// reKeyedCipher finds a call that makes an AES cipher from a key, or a
// store that makes one from its second key.
var reKeyedCipher = regexp.MustCompile(`\b(?:aes\.NewCipher|securecookie\.New|sessions\.New\w*Store|securecookie\.CodecsFromPairs)\(`)

// maxKeyedCiphers bounds the calls cited.
const maxKeyedCiphers = 2

// aesKeySize explains a key of the wrong size for AES: where the module
// makes a cipher or a store from keys. It reports whether it did.
func (a *analysis) aesKeySize(msg string) bool {
	m := reAESKeySize.FindStringSubmatch(msg)
	if m == nil {
		return false
	}
	a.culprit = "key size " + m[1]
	a.headline("An encryption key of " + m[1] + " bytes: AES takes 16, 24 or 32")
	a.why("crypto/aes refused a key of " + m[1] + " bytes: an AES key is 16, 24 or 32 bytes long (AES-128, AES-192, AES-256), so the cipher, and whatever asked for it, cannot be made.")
	src := a.app()
	if src == nil || src.mod == nil {
		a.fix("Find where the key is given and give it 16, 24 or 32 bytes.")
		return true
	}
	var calls []sourceLine
	for _, f := range src.mod.Files {
		if strings.HasSuffix(f.Path, "_test.go") {
			continue
		}
		for i, l := range f.Lines() {
			if !reKeyedCipher.MatchString(l) {
				continue
			}
			if _, fd := src.mod.FuncAt(f.Path, i+1); fd != nil && len(calls) <= maxKeyedCiphers {
				calls = append(calls, sourceLine{Path: f.Path, Line: i + 1, Text: strings.TrimSpace(l), Func: funcName(fd)})
			}
		}
	}
	if len(calls) == 0 || len(calls) > maxKeyedCiphers {
		a.fix("Find where the key is given and give it 16, 24 or 32 bytes.")
		return true
	}
	var at []string
	for _, c := range calls {
		at = append(at, a.cite(c))
	}
	store := ""
	for _, c := range calls {
		if !strings.Contains(c.Text, "aes.NewCipher(") {
			store = " (a cookie store takes the second key of a pair as the AES key that encrypts the cookie)"
		}
	}
	a.why("The module gives its keys at " + strings.Join(at, "; ") + store + ": the key the cipher is made from must have one of those lengths.")
	a.fix("At " + code(a.fileLoc(calls[0].Path, calls[0].Line)) + ", give the encryption key 16, 24 or 32 bytes (a secret of that length, or one derived from the secret with a hash), or leave it out when the values need no encryption.")
	return true
}
