package appsource

import (
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// crypto/aes refuses a key that is not 16, 24 or 32 bytes long
// ("crypto/aes: invalid key size 40"), whoever asked for the cipher: a
// cookie store given the app's secret as its encryption key
// (sessions.NewCookieStore(hashKey, blockKey), securecookie.New), the
// app itself. The key is given where the store or cipher is made.

// ReAESKeySize finds crypto/aes's refusal and the size it was given.
var ReAESKeySize = regexp.MustCompile(`crypto/aes: invalid key size (\d+)`)

// reKeyedCipher finds a call that makes an AES cipher from a key, or a
// store that makes one from its second key.
var reKeyedCipher = regexp.MustCompile(`\b(?:aes\.NewCipher|securecookie\.New|sessions\.New\w*Store|securecookie\.CodecsFromPairs)\(`)

// KeyedCipher is a line of the module that makes an AES cipher, or a
// store that makes one, from keys it is given.
type KeyedCipher struct {
	Ref  FuncRef // the function holding it
	Line int
	Text string // the line, trimmed
}

// maxKeyedCiphers bounds the cipher makers KeyedCiphers singles out.
const maxKeyedCiphers = 2

// KeyedCiphers returns the lines of the module, outside tests, that make
// an AES cipher or a cookie store from keys; none when there are more
// than maxKeyedCiphers, as none is then singled out.
func (m *Module) KeyedCiphers() []KeyedCipher {
	var out []KeyedCipher
	for _, f := range m.Files {
		if strings.HasSuffix(f.Path, "_test.go") || !f.holds("aes.") && !f.holds("securecookie.") && !f.holds("sessions.") {
			continue
		}
		for i, l := range f.Lines() {
			if !reKeyedCipher.MatchString(l) {
				continue
			}
			if _, fd := m.FuncAt(f.Path, i+1); fd != nil {
				if len(out) == maxKeyedCiphers {
					return nil
				}
				out = append(out, KeyedCipher{Ref: FuncRef{File: f, Decl: fd}, Line: i + 1, Text: strings.TrimSpace(l)})
			}
		}
	}
	return out
}

// keyedCipherChunks gives, for a key crypto/aes refused, the functions
// that make a cipher or a store from keys (KeyedCiphers), as leads: the
// key is given there.
func (m *Module) keyedCipherChunks(r *report.Report, s *staticSet) []report.Chunk {
	if !anyMessage(r, ReAESKeySize) {
		return nil
	}
	calls := m.KeyedCiphers()
	var out []report.Chunk
	for _, c := range calls {
		if s.seen[c.Ref.Decl] {
			continue
		}
		s.seen[c.Ref.Decl] = true
		ch := s.funcChunk(c.Ref.File, c.Ref.Decl, report.ReasonSetting)
		s.markLead(ch)
		out = append(out, ch)
	}
	return out
}
