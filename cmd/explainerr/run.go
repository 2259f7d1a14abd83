package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/prompt"
)

// Exit codes of "explainerr run" when the command could not be started,
// as a shell reports them.
const (
	exitNotFound      = 127
	exitNotExecutable = 126
)

// runFlags are the options of "explainerr run".
type runFlags struct {
	explain explainFlags
	restart bool
}

const runUsage = "usage: explainerr run [-restart] [-db FILE] [-rag] [-module PATH] [-budget N] -- CMD [ARGS...]"

// runRun implements "explainerr run": it runs CMD as a child process,
// passes its output through, explains every Go crash dump the output shows
// (and a non-zero exit that showed none) and exits with the child's status.
func runRun(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var fl runFlags
	fset := flag.NewFlagSet("run", flag.ContinueOnError)
	fset.SetOutput(stderr)
	fset.BoolVar(&fl.restart, "restart", false, "start the command again after it crashes (waiting 0.5s, doubling up to 10s)")
	fset.StringVar(&fl.explain.db, "db", "", "index `file` (default .explainerr/index.db at the module root)")
	fset.BoolVar(&fl.explain.rag, "rag", false, "ground explanations in the app's source retrieved from the index")
	fset.StringVar(&fl.explain.module, "module", "", "the app's module `path`, or several separated by commas (default: the module of the current directory)")
	fset.IntVar(&fl.explain.budget, "budget", prompt.DefaultTraceBudget, "character budget of the trace in the prompt")
	fset.Usage = func() {
		fmt.Fprintln(stderr, runUsage)
		fmt.Fprintln(stderr, "Runs CMD, passes its input and output through, and explains every Go crash dump it prints")
		fmt.Fprintln(stderr, "and a non-zero exit without one (log.Fatal);")
		fmt.Fprintln(stderr, "reports go to .explainerr/crashes/ at the module root. SIGUSR1 asks CMD for a goroutine dump.")
		fset.PrintDefaults()
	}
	if err := fset.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fset.NArg() == 0 {
		fmt.Fprintln(stderr, "explainerr run: no command given")
		fset.Usage()
		return 2
	}
	if fl.explain.budget <= 0 {
		fmt.Fprintf(stderr, "explainerr run: -budget must be positive, got %d\n", fl.explain.budget)
		return 2
	}
	if fl.explain.rag {
		if err := indexSupport("-rag"); err != nil {
			fmt.Fprintf(stderr, "explainerr run: %v\n", err)
			return 1
		}
	}
	argv := fset.Args()
	path, err := exec.LookPath(argv[0])
	if err != nil {
		return startFailure(stderr, argv[0], err)
	}

	modules, root := appModules(fl.explain.module)
	if len(modules) == 0 {
		fmt.Fprintln(stderr, "explainerr run: warning: no -module given and no go.mod in the current directory, so only the crashed program's main package counts as the app's")
	}
	dir := root
	if dir == "" {
		if dir, err = os.Getwd(); err != nil {
			fmt.Fprintf(stderr, "explainerr run: %v\n", err)
			return 1
		}
	}
	ex, err := explainerr.New(crashExplainerOptions(fl.explain, modules)...)
	if err != nil {
		fmt.Fprintf(stderr, "explainerr run: %v\n", err)
		return 2
	}
	defer ex.Close()

	stdout = &lockedWriter{w: stdout}
	stderr = &lockedWriter{w: stderr}
	rep := newCrashReporter(ex, modules, root, filepath.Join(dir, ".explainerr", "crashes"), commandName(argv), stderr)
	defer rep.close()
	sup := &supervisor{child: child{
		path:     path,
		argv:     argv,
		stdin:    stdin,
		stdout:   stdout,
		stderr:   stderr,
		reporter: rep,
		restart:  fl.restart,
	}}
	return sup.run()
}

// child is the program "run" runs and where its output goes.
type child struct {
	path     string // the executable, as found on PATH
	argv     []string
	stdin    io.Reader
	stdout   io.Writer
	stderr   io.Writer
	reporter *crashReporter // explains the crash dumps in the output
	restart  bool           // start the child again after a crash
}

// startFailure reports a command that could not be started and returns
// the shell's exit code for it.
func startFailure(stderr io.Writer, name string, err error) int {
	switch {
	case errors.Is(err, exec.ErrNotFound), errors.Is(err, fs.ErrNotExist):
		fmt.Fprintf(stderr, "explainerr run: %s: command not found\n", name)
		return exitNotFound
	case errors.Is(err, fs.ErrPermission):
		fmt.Fprintf(stderr, "explainerr run: %s: permission denied (not an executable file)\n", name)
		return exitNotExecutable
	default:
		fmt.Fprintf(stderr, "explainerr run: %s: %v\n", name, err)
		return exitNotExecutable
	}
}

// commandName is how the command is named in messages: its base name and
// arguments, clipped.
func commandName(argv []string) string {
	s := strings.Join(append([]string{filepath.Base(argv[0])}, argv[1:]...), " ")
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}

// lockedWriter serialises writes to one output shared by the child's
// stream and run's own messages.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
