package logcapture

import (
	"bytes"
	"context"
	"io"
	"log"
	"log/slog"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/internal/lockedbuf"
)

// syncBuffer is safe for concurrent writes and reads.
type syncBuffer = lockedbuf.Buffer

// noOtherCapture fails the test when an Explainer of another test still
// holds the hooks: what follows needs to install them afresh.
func noOtherCapture(t *testing.T) {
	t.Helper()
	logHooks.mu.Lock()
	users := logHooks.users
	logHooks.mu.Unlock()
	if users != 0 {
		t.Fatalf("%d Explainers still capture logs", users)
	}
}

// TestCaptureKeepsTheAppsOutput checks, for slog's built-in default and for
// an app's own default handler, that every line still reaches the app's
// output exactly once, is captured exactly once, and that Close puts the
// loggers back as they were.
func TestCaptureKeepsTheAppsOutput(t *testing.T) {
	for _, custom := range []bool{false, true} {
		name := "slog built-in default"
		if custom {
			name = "app's own slog handler"
		}
		t.Run(name, func(t *testing.T) {
			noOtherCapture(t)
			prevOut, prevFlags, prevSlog := log.Writer(), log.Flags(), slog.Default()
			defer func() { slog.SetDefault(prevSlog); log.SetOutput(prevOut); log.SetFlags(prevFlags) }()
			var out syncBuffer
			log.SetOutput(&out)
			if custom {
				slog.SetDefault(slog.New(slog.NewTextHandler(&out, nil)))
			}
			appOut, appSlog, appFlags := log.Writer(), slog.Default(), log.Flags()

			c, err := Start(nil)
			if err != nil || c == nil {
				t.Fatalf("capture not started: %v", err)
			}
			mark := Mark()
			log.Printf("plain %d", 1)
			slog.ErrorContext(context.Background(), "structured", "n", 2)
			slog.With("who", "ada").Warn("with attrs")
			got := linesSince(mark)

			if len(got) != 3 || !strings.Contains(got[0], "plain 1") || !strings.Contains(got[1], "structured") ||
				!strings.Contains(got[1], "n=2") || !strings.Contains(got[2], "who=ada") {
				t.Errorf("captured %q, want each line once", got)
			}
			printed := out.String()
			for _, want := range []string{"plain 1", "structured", "with attrs"} {
				if strings.Count(printed, want) != 1 {
					t.Errorf("the app's output holds %q %d times, want once:\n%s", want, strings.Count(printed, want), printed)
				}
			}

			c.Stop()
			c.Stop() // a second Close changes nothing
			if log.Writer() != appOut || slog.Default() != appSlog || log.Flags() != appFlags {
				t.Errorf("Close did not put the loggers back: log %T, slog %p (was %p), flags %d (was %d)", log.Writer(), slog.Default(), appSlog, log.Flags(), appFlags)
			}
			mark = Mark()
			log.Print("after close")
			if got := linesSince(mark); len(got) != 0 {
				t.Errorf("captured after Close: %q", got)
			}
		})
	}
}

// TestCloseLeavesLoggersTheAppReplaced checks that Close does not undo a
// log output the app set after New.
func TestCloseLeavesLoggersTheAppReplaced(t *testing.T) {
	noOtherCapture(t)
	prevOut := log.Writer()
	defer log.SetOutput(prevOut)
	c, _ := Start(nil)
	var mine bytes.Buffer
	log.SetOutput(&mine)
	c.Stop()
	if log.Writer() != io.Writer(&mine) {
		t.Errorf("Close replaced the app's log output with %T", log.Writer())
	}
}

// TestDefaultAlreadyWrappedIsNotWrappedAgain checks that an app that made
// its default logger with LogHandler gets each record kept once.
func TestDefaultAlreadyWrappedIsNotWrappedAgain(t *testing.T) {
	noOtherCapture(t)
	prevOut, prevFlags, prevSlog := log.Writer(), log.Flags(), slog.Default()
	defer func() { slog.SetDefault(prevSlog); log.SetOutput(prevOut); log.SetFlags(prevFlags) }()
	var out syncBuffer
	slog.SetDefault(slog.New(Handler(slog.NewTextHandler(&out, nil))))
	c, _ := Start(nil)
	defer c.Stop()
	mark := Mark()
	slog.Error("once only")
	if got := linesSince(mark); len(got) != 1 {
		t.Errorf("captured %q, want the record once", got)
	}
}
