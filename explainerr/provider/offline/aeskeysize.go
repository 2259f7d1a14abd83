package offline

import (
	"strings"

	"github.com/explainerr/explainerr/explainerr/internal/appsource"
)

// aesKeySize explains a key of the wrong size for AES: where the module
// makes a cipher or a store from keys (appsource.Module.KeyedCiphers). It
// reports whether it did.
func (a *analysis) aesKeySize(msg string) bool {
	m := appsource.ReAESKeySize.FindStringSubmatch(msg)
	if m == nil {
		return false
	}
	a.culprit = "key size " + m[1]
	a.headline("An encryption key of " + m[1] + " bytes: AES takes 16, 24 or 32")
	a.why("crypto/aes refused a key of " + m[1] + " bytes: an AES key is 16, 24 or 32 bytes long (AES-128, AES-192, AES-256), so the cipher, and whatever asked for it, cannot be made.")
	src := a.app()
	var calls []sourceLine
	if src != nil && src.mod != nil {
		for _, c := range src.mod.KeyedCiphers() {
			calls = append(calls, sourceLine{Path: c.Ref.File.Path, Line: c.Line, Text: c.Text, Func: funcName(c.Ref.Decl)})
		}
	}
	if len(calls) == 0 {
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
