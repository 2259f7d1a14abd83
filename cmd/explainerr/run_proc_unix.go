//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package main

import (
	"io"
	"os"
	"os/exec"
	"syscall"
	"unsafe"

	"golang.org/x/term"
)

// watchedSignals are the signals "run" handles: the stop signals, which it
// forwards to the child's process group, SIGQUIT, which it forwards as a
// dump request, and dumpRequestSignal.
var watchedSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT, dumpRequestSignal}

// dumpRequestSignal asks "run" for a goroutine dump of the child.
const dumpRequestSignal = syscall.SIGUSR1

// terminalFd returns the file descriptor of stdin when it is a terminal
// whose foreground process group is run's own (run was not started in the
// background), else -1.
func terminalFd(stdin io.Reader) int {
	f, ok := stdin.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return -1
	}
	var fg int32
	if _, _, errno := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), uintptr(syscall.TIOCGPGRP), uintptr(unsafe.Pointer(&fg))); errno != 0 || int(fg) != syscall.Getpgrp() {
		return -1
	}
	return int(f.Fd())
}

// isTerminal reports whether w writes to a terminal.
func isTerminal(w io.Writer) bool {
	if l, ok := w.(*lockedWriter); ok {
		w = l.w
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// setProcessGroup starts the child in a process group of its own, so that
// a signal reaches the processes it starts too (a hot-reload tool's
// server, the binary of "go run"). When stdin is the terminal tty, that
// group becomes the terminal's foreground group: Ctrl-C and Ctrl-\ reach
// the child directly, and it can read the terminal.
func setProcessGroup(cmd *exec.Cmd, tty int) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if tty >= 0 {
		cmd.SysProcAttr.Foreground = true
		cmd.SysProcAttr.Ctty = tty
	}
}

// restoreForeground gives the terminal back to run's own process group.
func restoreForeground(tty int) {
	pgrp := int32(syscall.Getpgrp())
	syscall.Syscall(syscall.SYS_IOCTL, uintptr(tty), uintptr(syscall.TIOCSPGRP), uintptr(unsafe.Pointer(&pgrp)))
}

// signalGroup sends sig to every process of the group.
func signalGroup(pgid int, sig syscall.Signal) {
	syscall.Kill(-pgid, sig)
}

// exitStatus returns the exit code a shell would report for the child
// (128+N when signal N killed it) and that signal.
func exitStatus(st *os.ProcessState) (int, syscall.Signal) {
	if st == nil {
		return 1, 0
	}
	if ws, ok := st.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal()), ws.Signal()
	}
	return st.ExitCode(), 0
}

// childEnv is the child's environment. When run's output is a terminal,
// the child writes to pipes instead, so the conventional variables that
// keep colours on are set (unless the user set them or NO_COLOR).
func childEnv(stdout, stderr io.Writer) []string {
	env := os.Environ()
	if _, ok := os.LookupEnv("NO_COLOR"); ok || !(isTerminal(stdout) || isTerminal(stderr)) {
		return env
	}
	for _, kv := range [][2]string{{"FORCE_COLOR", "1"}, {"CLICOLOR_FORCE", "1"}} {
		if _, ok := os.LookupEnv(kv[0]); !ok {
			env = append(env, kv[0]+"="+kv[1])
		}
	}
	return env
}
