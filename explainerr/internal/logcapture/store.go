package logcapture

import (
	"bytes"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/explainerr/stack"
)

// Bounds of the captured log lines.
const (
	// maxLogLines and maxLogBytes bound the lines kept per goroutine, and so
	// per report: the newest ones are kept.
	maxLogLines = 50
	maxLogBytes = 8 << 10
	// maxLogLine bounds one line.
	maxLogLine = 1 << 10
	// maxLogGoroutines bounds how many goroutines' lines are kept at once;
	// beyond it, those that logged least recently are forgotten.
	maxLogGoroutines = 512
)

// lines holds the lines written to the captured loggers, by the
// goroutine that wrote them, until a failure collects them or newer lines
// push them out. Every line gets a sequence number, so that a request that
// starts by reading the current one (a single atomic load, the only cost
// of capture on the happy path) later collects exactly the lines its
// goroutine wrote since, and none from an earlier request served by the
// same goroutine (a kept-alive connection).
var lines = lineStore{byG: map[uint64]*goroutineLines{}}

// lineStore is the type of lines.
type lineStore struct {
	seq atomic.Uint64

	mu  sync.Mutex
	byG map[uint64]*goroutineLines
}

// goroutineLines are the newest lines of one goroutine, oldest first.
type goroutineLines struct {
	lines []storedLine
	bytes int
	// lastSeq is the sequence number of the newest line; cutSeq that of the
	// newest line pushed out by the bounds.
	lastSeq, cutSeq uint64
}

type storedLine struct {
	seq  uint64
	time time.Time
	text string
}

// Mark returns the sequence number a request starts from: a single atomic
// load, the only cost of capture on the happy path.
func Mark() uint64 { return lines.seq.Load() }

// Collect returns the lines the calling goroutine wrote after mark, oldest
// first, and whether older ones among them were pushed out by the bounds.
func Collect(mark uint64) ([]report.LogLine, bool) { return lines.collect(mark) }

// add records one line written by the calling goroutine. A trailing line
// break is dropped and a long line is cut.
func (s *lineStore) add(p []byte) {
	for len(p) > 0 && (p[len(p)-1] == '\n' || p[len(p)-1] == '\r') {
		p = p[:len(p)-1]
	}
	if len(p) == 0 {
		return
	}
	var text string
	if len(p) > maxLogLine {
		text = strings.ToValidUTF8(string(p[:maxLogLine]), "\uFFFD") + "… (line cut)"
	} else {
		text = string(p)
	}
	if strings.IndexByte(text, 0x1b) >= 0 {
		// A coloured logger's escape codes (gin's, logrus's on a
		// terminal) are no part of the line.
		text = stack.StripControl(text)
	}
	gid, now := goroutineID(), time.Now()

	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.byG[gid]
	if g == nil {
		if len(s.byG) >= maxLogGoroutines {
			s.forgetOldest()
		}
		g = &goroutineLines{}
		s.byG[gid] = g
	}
	seq := s.seq.Add(1)
	g.lines = append(g.lines, storedLine{seq: seq, time: now, text: text})
	g.bytes += len(text)
	g.lastSeq = seq
	drop := 0
	for len(g.lines)-drop > maxLogLines || (g.bytes > maxLogBytes && len(g.lines)-drop > 1) {
		g.bytes -= len(g.lines[drop].text)
		g.cutSeq = g.lines[drop].seq
		drop++
	}
	if drop > 0 {
		n := copy(g.lines, g.lines[drop:])
		clear(g.lines[n:])
		g.lines = g.lines[:n]
	}
}

// forgetOldest drops the half of the goroutines that logged least
// recently. s.mu must be held.
func (s *lineStore) forgetOldest() {
	last := make([]uint64, 0, len(s.byG))
	for _, g := range s.byG {
		last = append(last, g.lastSeq)
	}
	sort.Slice(last, func(i, j int) bool { return last[i] < last[j] })
	limit := last[len(last)/2]
	for id, g := range s.byG {
		if g.lastSeq <= limit {
			delete(s.byG, id)
		}
	}
}

// collect returns the lines the calling goroutine wrote after
// mark, oldest first, and whether older ones among them were pushed out by
// the bounds.
func (s *lineStore) collect(mark uint64) (lines []report.LogLine, cut bool) {
	gid := goroutineID()
	s.mu.Lock()
	if g := s.byG[gid]; g != nil {
		for _, l := range g.lines {
			if l.seq > mark {
				lines = append(lines, report.LogLine{Time: l.time, Text: l.text})
			}
		}
		cut = g.cutSeq > mark
	}
	s.mu.Unlock()
	return lines, cut
}

// goroutineID returns the calling goroutine's id, read from the first line
// of its stack trace ("goroutine 18 [running]:"). It costs a stack walk,
// so it is only called when a line is logged or a failure is reported,
// never on the happy path.
func goroutineID() uint64 {
	var buf [64]byte
	b, ok := bytes.CutPrefix(buf[:runtime.Stack(buf[:], false)], []byte("goroutine "))
	if !ok {
		return 0
	}
	var id uint64
	for i := 0; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
		id = id*10 + uint64(b[i]-'0')
	}
	return id
}
