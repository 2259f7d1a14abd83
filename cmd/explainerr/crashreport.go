package main

import (
	"io"

	"github.com/explainerr/explainerr/explainerr"
	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/explainerr/stack"
)

// parseCrash reads a Go crash dump, chooses the goroutine that failed and
// builds its report, with the app's frames recognised by modules (and, for
// a main package, by the local module root).
func parseCrash(in io.Reader, modules []string, root string) (*stack.Dump, *report.Report, error) {
	var classifier *stack.Classifier
	if len(modules) > 0 {
		classifier = stack.NewClassifier(modules[0], modules[1:]...)
	} else {
		classifier = stack.NewClassifier("")
	}
	var roots []string
	if root != "" {
		roots = []string{root}
	}
	dump, err := stack.ParseDumpWith(in, classifier, stack.DumpOptions{ModuleRoots: roots})
	if err != nil {
		return nil, nil, err
	}
	r := dumpReport(dump, modules, root)
	guardSources(r, classifier, root)
	return dump, r, nil
}

// crashExplainerOptions are the options of the explainer that explains
// crash dumps, from the flags shared by "explain" and "run".
func crashExplainerOptions(fl explainFlags, modules []string) []explainerr.Option {
	opts := []explainerr.Option{
		explainerr.WithRAG(fl.rag),
		explainerr.WithTraceBudget(fl.budget),
		// A child that exits cleanly leaves nothing behind: the module
		// understanding is built for a crash only.
		explainerr.WithPreload(false),
	}
	if fl.db != "" {
		opts = append(opts, explainerr.WithIndexPath(fl.db))
	}
	if len(modules) > 0 {
		opts = append(opts, explainerr.WithAppModules(modules...))
	}
	return opts
}
