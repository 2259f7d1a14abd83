package redact

import (
	"hash/maphash"
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
//
// A text is remembered by a 128-bit hash and its length, never kept
// itself: the texts String is given hold the secrets it hides, and results
// keeps none of them alive. Only the answers, already redacted, are kept.
// Two texts with the same key (about one chance in 2^128 for a pair, the
// seeds being random in each process) would swap their answers, both
// redacted.
var results = &resultMemo{}

// textKey is what results remembers a text by.
type textKey struct {
	h1, h2 uint64
	n      int
}

// keySeeds are the seeds of textKey's two hashes, random in each process.
var keySeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

// keyOf returns the key of s.
func keyOf(s string) textKey {
	return textKey{maphash.String(keySeeds[0], s), maphash.String(keySeeds[1], s), len(s)}
}

// A text longer than maxRememberedText is not remembered: it would crowd
// the others out. Short texts are: even a word costs the rules about a
// thousand times what a look-up costs.
const maxRememberedText = 64 << 10

// rememberedBytes bounds the bytes each of resultMemo's two generations
// holds, counting the answers and entryBytes for each entry: at most
// twice this stays in memory.
const rememberedBytes = 1 << 20

// entryBytes is what one entry costs a map besides its answer: the key,
// a string header and the map's own share.
const entryBytes = 64

// resultMemo is a bounded map from texts to their redacted form, safe for
// concurrent use. It keeps two generations: when the current one is full
// it becomes the previous one and the one before is dropped; a text found
// in the previous generation moves to the current one, so that the texts
// of a failure that keeps repeating stay.
type resultMemo struct {
	mu        sync.Mutex
	env       *[]string // the environment's secrets the answers were made with
	now, prev map[textKey]string
	bytes     int // of now
}

// get returns the remembered redaction of s made with the secrets env.
func (m *resultMemo) get(s string, env *[]string) (string, bool) {
	if len(s) > maxRememberedText {
		return "", false
	}
	key := keyOf(s)
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.env != env {
		return "", false
	}
	if out, ok := m.now[key]; ok {
		return out, true
	}
	out, ok := m.prev[key]
	if ok {
		delete(m.prev, key)
		m.add(key, out)
	}
	return out, ok
}

// put remembers out as the redaction of s made with the secrets env,
// forgetting every answer made with other secrets.
func (m *resultMemo) put(s, out string, env *[]string) {
	if len(s) > maxRememberedText {
		return
	}
	key := keyOf(s)
	// A copy, so that an answer cut from a larger text (a body, a file)
	// does not keep the larger one alive.
	out = strings.Clone(out)
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.env != env {
		m.env, m.now, m.prev, m.bytes = env, nil, nil, 0
	}
	m.add(key, out)
}

// add puts the redaction out of the text of key in the current
// generation, starting a new one when it is full. The caller holds m.mu.
func (m *resultMemo) add(key textKey, out string) {
	size := entryBytes + len(out)
	if m.now == nil || m.bytes+size > rememberedBytes {
		m.prev, m.now, m.bytes = m.now, map[textKey]string{}, 0
	}
	m.now[key] = out
	m.bytes += size
}
