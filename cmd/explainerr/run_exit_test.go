//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package main

import (
	"syscall"
	"testing"
)

func TestExitIsFailure(t *testing.T) {
	for _, tc := range []struct {
		code int
		sig  syscall.Signal
		last []string
		want bool
	}{
		{0, 0, []string{"bye"}, false},
		{1, 0, []string{"2026/12/01 15:04:05 boom", "exit status 1"}, true},
		{1, 0, nil, true},
		{130, syscall.SIGINT, nil, false},
		{143, syscall.SIGTERM, nil, false},
		{137, syscall.SIGKILL, nil, false}, // reported as killed, not here
		{134, syscall.SIGABRT, nil, true},
		{1, 0, []string{"serving", "signal: interrupt"}, false},
		{1, 0, []string{"=== RUN   TestSlow", "signal: interrupt", "FAIL\texample.com/app\t3.1s", "FAIL"}, false},
	} {
		if got := exitIsFailure(tc.code, tc.sig, tc.last); got != tc.want {
			t.Errorf("exitIsFailure(%d, %v, %q) = %v, want %v", tc.code, tc.sig, tc.last, got, tc.want)
		}
	}
}
