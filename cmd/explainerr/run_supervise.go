//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"sync"
	"syscall"
	"time"
)

// Restart backoff of "run -restart": the first restart waits minBackoff,
// each next one twice as long up to maxBackoff; a child that ran for
// backoffReset or longer before crashing starts the series again.
const (
	minBackoff   = 500 * time.Millisecond
	maxBackoff   = 10 * time.Second
	backoffReset = 30 * time.Second
)

// drainTimeout is how long "run" keeps reading the child's output after
// the child exited, while processes it started still hold the pipes.
const drainTimeout = 2 * time.Second

// supervisor runs the child, again after crashes when asked to, and
// forwards signals to it.
type supervisor struct {
	child

	mu       sync.Mutex
	pgid     int  // process group of the running child; 0 when none runs
	stopping bool // a stop signal was received: no more restarts
	stopOnce sync.Once
	stopped  chan struct{}
}

// run runs the child until it exits without crashing (or, without
// -restart, until it exits) and returns its exit status.
func (s *supervisor) run() int {
	s.stopped = make(chan struct{})
	sigs := make(chan os.Signal, 8)
	signal.Notify(sigs, watchedSignals...)
	defer signal.Stop(sigs)
	done := make(chan struct{})
	defer close(done)
	go s.handleSignals(sigs, done)

	tty := terminalFd(s.stdin)
	if tty >= 0 {
		// The child's process group owns the terminal while it runs; run
		// itself writes from the background and takes the terminal back.
		signal.Ignore(syscall.SIGTTOU)
		defer signal.Reset(syscall.SIGTTOU)
	}
	name := s.reporter.name
	delay := minBackoff
	for {
		started := time.Now()
		code, err := s.runOnce(tty)
		if err != nil {
			return startFailure(s.stderr, s.argv[0], err)
		}
		if !s.restart || code == 0 || s.isStopping() {
			return code
		}
		if time.Since(started) >= backoffReset {
			delay = minBackoff
		}
		fmt.Fprintf(s.stderr, "explainerr run: %s exited with status %d; starting it again in %s\n", name, code, delay)
		select {
		case <-time.After(delay):
		case <-s.stopped:
			return code
		}
		delay = min(delay*2, maxBackoff)
	}
}

// handleSignals forwards stop signals to the child's process group and
// turns a dump request into SIGQUIT, until done is closed.
func (s *supervisor) handleSignals(sigs <-chan os.Signal, done <-chan struct{}) {
	for {
		select {
		case <-done:
			return
		case sig := <-sigs:
			switch {
			case sig == dumpRequestSignal:
				s.requestDump()
			case sig == syscall.SIGQUIT:
				s.reporter.expectHang()
				s.signalChild(syscall.SIGQUIT)
			default:
				s.mu.Lock()
				s.stopping = true
				running := s.pgid != 0
				s.mu.Unlock()
				s.stopOnce.Do(func() { close(s.stopped) })
				if !running {
					// The command is gone and run waits for explanations:
					// a stop signal now means "do not wait".
					s.reporter.giveUp()
				}
				s.signalChild(sig.(syscall.Signal))
			}
		}
	}
}

// requestDump asks the running child for a goroutine dump.
func (s *supervisor) requestDump() {
	s.mu.Lock()
	pgid := s.pgid
	s.mu.Unlock()
	if pgid == 0 {
		fmt.Fprintf(s.stderr, "explainerr run: no command is running, so there is no goroutine dump to ask for\n")
		return
	}
	fmt.Fprintf(s.stderr, "explainerr run: asking %s for a goroutine dump (SIGQUIT to its process group)\n", s.reporter.name)
	s.reporter.expectHang()
	signalGroup(pgid, syscall.SIGQUIT)
}

func (s *supervisor) signalChild(sig syscall.Signal) {
	s.mu.Lock()
	pgid := s.pgid
	s.mu.Unlock()
	if pgid != 0 {
		signalGroup(pgid, sig)
	}
}

func (s *supervisor) isStopping() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stopping
}

// runOnce starts the child, passes its output through the watchers,
// waits for it and for the reports of what it printed, and returns its
// exit status (128+N for a child killed by signal N).
func (s *supervisor) runOnce(tty int) (int, error) {
	outR, outW, err := os.Pipe()
	if err != nil {
		return 0, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		outR.Close()
		outW.Close()
		return 0, err
	}
	cmd := exec.Command(s.path, s.argv[1:]...)
	cmd.Args[0] = s.argv[0]
	cmd.Stdin = s.stdin
	cmd.Stdout = outW
	cmd.Stderr = errW
	cmd.Env = childEnv(s.stdout, s.stderr)
	cmd.WaitDelay = drainTimeout
	setProcessGroup(cmd, tty)
	err = cmd.Start()
	outW.Close()
	errW.Close()
	if err != nil {
		outR.Close()
		errR.Close()
		return 0, err
	}
	s.mu.Lock()
	s.pgid = cmd.Process.Pid
	stopping := s.stopping
	s.mu.Unlock()
	if stopping {
		// A stop signal arrived while the child was being started.
		signalGroup(cmd.Process.Pid, syscall.SIGTERM)
	}

	s.reporter.ring.reset()
	dumpsBefore := s.reporter.dumps.Load()
	outWatch, errWatch := s.reporter.watcher(), s.reporter.watcher()
	var copying sync.WaitGroup
	copying.Add(2)
	go func() { defer copying.Done(); passThrough(s.stdout, outR, outWatch) }()
	go func() { defer copying.Done(); passThrough(s.stderr, errR, errWatch) }()

	cmd.Wait()
	s.mu.Lock()
	s.pgid = 0
	s.mu.Unlock()
	if tty >= 0 {
		restoreForeground(tty)
	}
	drained := make(chan struct{})
	go func() { copying.Wait(); close(drained) }()
	select {
	case <-drained:
	case <-time.After(drainTimeout):
		fmt.Fprintf(s.stderr, "explainerr run: %s exited but processes it started still write to its output; no longer watching it\n", s.reporter.name)
		outR.Close()
		errR.Close()
		<-drained
	}
	outR.Close()
	errR.Close()
	outWatch.finish()
	errWatch.finish()

	code, sig := exitStatus(cmd.ProcessState)
	switch {
	case sig == syscall.SIGKILL:
		s.reporter.killed()
	case s.reporter.dumps.Load() == dumpsBefore && !s.isStopping() && exitIsFailure(code, sig, s.reporter.ring.texts()):
		s.reporter.exited(code, sig)
	}
	s.reporter.wait()
	return code, nil
}

// passThrough copies the child's output to w as it comes, byte for byte,
// and shows it to the watcher. It reads until the pipe ends, even when w
// fails, so that the child never blocks on a full pipe.
func passThrough(w io.Writer, r io.Reader, watch *dumpWatcher) {
	buf := make([]byte, 32<<10)
	for {
		n, err := r.Read(buf)
		if n > 0 {
			w.Write(buf[:n])
			watch.Write(buf[:n])
		}
		if err != nil {
			return
		}
	}
}
