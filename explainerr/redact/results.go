package redact

import (
	"strings"
	"sync"
)

// results remembers what String returned for the texts it redacted
// lately, so that a failure that repeats (the same trace, source windows,
// prompt and offline explanation, request after request) is not read by
// every rule again.
//
// It is sound because String's result depends on two things only: the text
// and the environment's secrets (every rule is a fixed table; the secrets
// of a request, Known, are hidden before String is called, so they are
// part of the text it is given). The environment's secrets are a list that
// ReadEnvironment replaces, never changes, whenever they change: results
// holds the answers made with one such list and forgets them all when
// String is called with another. A remembered answer is therefore exactly
// the answer String would compute again.
var results = &resultMemo{}

// A text longer than maxRememberedText is not remembered: it would crowd
// the others out. Short texts are: even a word costs the rules about a
// thousand times what a look-up costs.
const maxRememberedText = 64 << 10

// rememberedBytes bounds the bytes each of resultMemo's two generations
// holds, counting the texts, the answers that differ from their text and
// entryBytes for each entry: at most twice this stays in memory.
const rememberedBytes = 1 << 20

// entryBytes is what one entry costs a map besides its texts: two string
// headers and the map's own share.
const entryBytes = 48

// resultMemo is a bounded map from texts to their redacted form, safe for
// concurrent use. It keeps two generations: when the current one is full
// it becomes the previous one and the one before is dropped; a text found
// in the previous generation moves to the current one, so that the texts
// of a failure that keeps repeating stay.
type resultMemo struct {
	mu        sync.Mutex
	env       *[]string // the environment's secrets the answers were made with
	now, prev map[string]string
	bytes     int // of now
}

// get returns the remembered redaction of s made with the secrets env.
func (m *resultMemo) get(s string, env *[]string) (string, bool) {
	if len(s) > maxRememberedText {
		return "", false
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.env != env {
		return "", false
	}
	if out, ok := m.now[s]; ok {
		return out, true
	}
	out, ok := m.prev[s]
	if ok {
		delete(m.prev, s)
		m.add(s, out)
	}
	return out, ok
}

// put remembers out as the redaction of s made with the secrets env,
// forgetting every answer made with other secrets.
func (m *resultMemo) put(s, out string, env *[]string) {
	if len(s) > maxRememberedText {
		return
	}
	// Copies, so that a text cut from a larger one (a body, a file) does
	// not keep the larger one alive.
	key := strings.Clone(s)
	if out == s {
		out = key
	} else {
		out = strings.Clone(out)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.env != env {
		m.env, m.now, m.prev, m.bytes = env, nil, nil, 0
	}
	m.add(key, out)
}

// add puts s and its redaction out in the current generation, starting a
// new one when it is full. The caller holds m.mu.
func (m *resultMemo) add(s, out string) {
	size := entryBytes + len(s)
	if out != s {
		size += len(out)
	}
	if m.now == nil || m.bytes+size > rememberedBytes {
		m.prev, m.now, m.bytes = m.now, map[string]string{}, 0
	}
	m.now[s] = out
	m.bytes += size
}
