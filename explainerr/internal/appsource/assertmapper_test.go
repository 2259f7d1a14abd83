package appsource

import (
	"path/filepath"
	"strings"
	"testing"
)

// mapperModule hands a store's error to three answering functions: one
// that asserts its type, one that passes it to a predicate that asserts,
// and one that looks inside with errors.As.
func mapperModule(answer string) map[string]string {
	return map[string]string{
		"go.mod": "module example.com/depot\n",
		"fail/fail.go": `package fail

import "errors"

// Gone is a missing crate.
type Gone struct{ ID int }

func (g *Gone) Error() string { return "crate gone" }

// IsGone reports whether err is a Gone.
func IsGone(err error) bool {
	_, ok := err.(*Gone)
	return ok
}

// Code is err's status, by type.
func Code(err error) int {
	switch err.(type) {
	case *Gone:
		return 404
	}
	return 500
}

// Status is err's status, looking inside wraps.
func Status(err error) int {
	var g *Gone
	if errors.As(err, &g) {
		return 404
	}
	return 500
}

// Answer hands err to IsGone.
func Answer(err error) int {
	if IsGone(err) {
		return 404
	}
	return 500
}
`,
		"crates/crates.go": `package crates

import (
	"fmt"

	"example.com/depot/fail"
)

// Crate returns a crate.
func Crate(id int) error {
	return fmt.Errorf("crate %d: %v", id, &fail.Gone{ID: id})
}
`,
		"web/web.go": `package web

import (
	"example.com/depot/crates"
	"example.com/depot/fail"
)

// Show answers a crate.
func Show(id int) int {
	if err := crates.Crate(id); err != nil {
		return ` + answer + `
	}
	return 200
}
`,
	}
}

// TestAssertingMappersReadTheTestOnTheWayOut: a call on the error's way
// out to a function that tells errors apart by a type switch or
// assertion, itself or one call further, is found; one that looks inside
// with errors.As is not.
func TestAssertingMappersReadTheTestOnTheWayOut(t *testing.T) {
	for answer, want := range map[string]string{
		"fail.Code(err)":   "fail.Code Code switch",
		"fail.IsGone(err)": "fail.IsGone IsGone *Gone",
		"fail.Answer(err)": "fail.Answer IsGone *Gone",
		"fail.Status(err)": "",
	} {
		m := Load(filepath.Join(writeModule(t, mapperModule(answer)), "go.mod"))
		refs := m.Func(filepath.Join(m.Root, "crates"), "Crate")
		if len(refs) != 1 {
			t.Fatalf("Crate: %d functions", len(refs))
		}
		var got []string
		for _, am := range m.AssertingMappers(refs[0]) {
			what := am.Asserted
			if am.Switch {
				what = "switch"
			}
			got = append(got, am.Call+" "+am.Mapper.Decl.Name.Name+" "+what)
			if FuncName(am.Caller.Decl) != "Show" {
				t.Errorf("%s: the call is in %s, want Show", answer, FuncName(am.Caller.Decl))
			}
		}
		if strings.Join(got, "; ") != want {
			t.Errorf("%s: AssertingMappers = %q, want %q", answer, got, want)
		}
	}
}
