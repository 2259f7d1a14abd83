package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/redact"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/explainerr/stack"
)

// maxPendingReports bounds the dumps waiting to be explained; a child
// that crashes faster than dumps can be explained loses the extra ones,
// with a message.
const maxPendingReports = 16

// crashTimeLayout names a crash report by its UTC time.
const crashTimeLayout = "20060102T150405Z"

// crashReporter explains what the watchers capture, one report at a time,
// writes the reports and prints their headlines.
type crashReporter struct {
	ex      *explainerr.Explainer
	modules []string
	root    string
	dir     string // where reports are written
	name    string // the command, for messages
	stderr  io.Writer
	ring    *lineRing

	ctx     context.Context // cancelled to give up on explanations under way
	cancel  context.CancelFunc
	jobs    chan func()
	pending sync.WaitGroup
	worker  sync.WaitGroup

	dumps atomic.Int64 // crash dumps the watchers have captured

	mu        sync.Mutex
	hangAsked bool // a goroutine dump was asked for and not yet seen
	seq       int  // the last report number used
}

func newCrashReporter(ex *explainerr.Explainer, modules []string, root, dir, name string, stderr io.Writer) *crashReporter {
	c := &crashReporter{
		ex: ex, modules: modules, root: root, dir: dir, name: name, stderr: stderr,
		ring: newLineRing(),
		jobs: make(chan func(), maxPendingReports),
	}
	c.ctx, c.cancel = context.WithCancel(context.Background())
	c.worker.Add(1)
	go func() {
		defer c.worker.Done()
		for job := range c.jobs {
			job()
			c.pending.Done()
		}
	}()
	return c
}

// watcher returns a watcher of one output stream of the child.
func (c *crashReporter) watcher() *dumpWatcher {
	return newDumpWatcher(c.ring, func(text []byte, cut bool) {
		c.dumps.Add(1)
		c.submit(func() { c.explainDump(text, cut) })
	})
}

// submit queues a job without blocking the output.
func (c *crashReporter) submit(job func()) {
	c.pending.Add(1)
	select {
	case c.jobs <- job:
	default:
		c.pending.Done()
		fmt.Fprintf(c.stderr, "explainerr run: too many crash dumps at once; one was not explained\n")
	}
}

// wait waits until every queued report is written.
func (c *crashReporter) wait() { c.pending.Wait() }

// close stops the worker once the queued reports are written.
func (c *crashReporter) close() {
	close(c.jobs)
	c.worker.Wait()
	c.cancel()
}

// giveUp cuts the explanations under way short (a model call then ends
// with an error); the reports are still written.
func (c *crashReporter) giveUp() { c.cancel() }

// expectHang notes that the next goroutine dump was asked for.
func (c *crashReporter) expectHang() {
	c.mu.Lock()
	c.hangAsked = true
	c.mu.Unlock()
}

// explainDump explains one captured dump.
func (c *crashReporter) explainDump(text []byte, cut bool) {
	d, r, err := parseCrash(bytes.NewReader(text), c.modules, c.root)
	if err != nil {
		fmt.Fprintf(c.stderr, "explainerr run: a crash dump in the output of %s could not be read: %v\n", c.name, err)
		return
	}
	c.mu.Lock()
	asked := c.hangAsked
	c.hangAsked = false
	c.mu.Unlock()
	what := "crash"
	if len(d.Header) == 0 || strings.HasPrefix(d.Header[0], "SIGQUIT") {
		what = "hang (goroutine dump)"
		if asked {
			what = "hang (goroutine dump on request)"
		}
	}
	if cut {
		r.Notices = append(r.Notices, fmt.Sprintf("The dump was longer than %d MiB; only its beginning was read.", maxCaptureBytes>>20))
	}
	c.finish(what, r, nil)
}

// killed reports a child killed by SIGKILL, with its last output.
func (c *crashReporter) killed() {
	lines, cut := c.ring.last()
	r := &report.Report{
		Error: report.Error{
			Kind:    report.KindCrash,
			Type:    "SIGKILL",
			Message: "signal: killed (SIGKILL): the kernel's out-of-memory killer or a kill -9 stopped the process, which could print no stack",
		},
		Frames:  []report.Frame{},
		Time:    time.Now(),
		LogsCut: cut,
	}
	for _, l := range lines {
		r.Logs = append(r.Logs, report.LogLine{Time: l.time, Text: l.text})
	}
	c.submit(func() {
		c.finish("killed by SIGKILL", r, []string{
			"check: `dmesg | grep -i -e oom -e killed` (or `journalctl -k`) says whether the out-of-memory killer did it",
			fmt.Sprintf("last output: %d lines in the report", len(r.Logs)),
		})
	})
}

// finish seals r, prepares and explains it, writes it and prints its
// headline: the crash files and the headline are made from the sealed
// report only.
func (c *crashReporter) finish(what string, r *report.Report, extra []string) {
	ctx := c.ctx
	s, err := c.ex.Explain(ctx, c.ex.Prepare(ctx, c.ex.Seal(r)), nil)
	if err != nil {
		fmt.Fprintf(c.stderr, "explainerr run: %v\n", err)
		return
	}
	md, err := c.write(s)
	if err != nil {
		fmt.Fprintf(c.stderr, "explainerr run: writing the crash report: %v\n", err)
	}
	// The model's text and the message may hold escape codes: the
	// terminal gets none.
	c.stderr.Write([]byte(stack.StripControl(crashHeadline(c.name, what, s.Report(), extra, md))))
}

// write writes s as <dir>/<UTC time>-<n>.json and .md and returns the
// path of the Markdown file.
func (c *crashReporter) write(s redact.Sealed) (string, error) {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return "", err
	}
	data = append(data, '\n')
	// Crash reports hold the app's source and output: its owner's only.
	if err := os.MkdirAll(c.dir, 0o700); err != nil {
		return "", err
	}
	stamp := s.Time().UTC().Format(crashTimeLayout)
	c.mu.Lock()
	defer c.mu.Unlock()
	for {
		c.seq++
		base := filepath.Join(c.dir, fmt.Sprintf("%s-%d", stamp, c.seq))
		f, err := os.OpenFile(base+".json", os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return "", err
		}
		if err := os.WriteFile(base+".md", []byte(explainerr.Markdown(s)), 0o600); err != nil {
			return "", err
		}
		return base + ".md", nil
	}
}
