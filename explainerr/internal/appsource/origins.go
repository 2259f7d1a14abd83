package appsource

import (
	"strings"
	"sync"
)

// ErrorOrigins returns the module's calls that make an error whose format
// gives one of msgs (tried in order; blanks around a message are
// ignored): those of the first message that any call matches, at most
// two, and none when more than two do (the format is too common to tell).
//
// The answer is found once per module version and messages: a failure
// that repeats does not match its message against every format of the
// module again. It is the one findErrorOrigins would give again, as a
// Module's files never change under it and findErrorOrigins reads nothing
// else. The slice is shared: callers only read it.
//
// A message a caller wrapped ("failed to render: render: template x does
// not exist", a framework's "failed to render: %w") is tried whole first,
// then its wrapped parts (WrappedParts).
func (m *Module) ErrorOrigins(msgs ...string) []ErrorMaker {
	return m.origins.answer(withWrappedParts(msgs), m.findErrorOrigins)
}

// withWrappedParts returns msgs followed by their wrapped parts.
func withWrappedParts(msgs []string) []string {
	out := append([]string(nil), msgs...)
	for _, msg := range msgs {
		out = append(out, WrappedParts(msg)...)
	}
	return out
}

// WrappedParts returns what follows each ": " of msg, the longest first,
// when that part has three words or more: what a callee's format may
// have made before its callers wrapped it.
func WrappedParts(msg string) []string {
	var out []string
	for rest := msg; ; {
		_, after, ok := strings.Cut(rest, ": ")
		if !ok {
			return out
		}
		if len(strings.Fields(after)) >= 3 {
			out = append(out, after)
		}
		rest = after
	}
}

// maxRememberedOrigins bounds the messages a messageMemo keeps answers
// for; past it, it starts again.
const maxRememberedOrigins = 256

// messageMemo keeps the answers of a search by messages (ErrorOrigins,
// MessageSites), safe for concurrent use. The zero value is ready to use.
type messageMemo[T any] struct {
	mu     sync.Mutex
	byMsgs map[string][]T
}

// answer returns find's answer for msgs, found once and kept.
func (o *messageMemo[T]) answer(msgs []string, find func(...string) []T) []T {
	key := strings.Join(msgs, "\x00")
	if out, ok := o.get(key); ok {
		return out
	}
	out := find(msgs...)
	o.put(key, out)
	return out
}

// get returns the answer kept for key.
func (o *messageMemo[T]) get(key string) ([]T, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	out, ok := o.byMsgs[key]
	return out, ok
}

// put keeps out as the answer for key.
func (o *messageMemo[T]) put(key string, out []T) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.byMsgs == nil || len(o.byMsgs) >= maxRememberedOrigins {
		o.byMsgs = map[string][]T{}
	}
	o.byMsgs[key] = out
}
