package offline

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
	"github.com/explainerr/explainerr/internal/testdir"
)

// ginClaimsSource is a file of a gin app whose imports' last path elements
// are not their package names, and whose failing lines tempt false claims:
// a package taken for a nil variable, a type name with the runtime's
// "(types from different packages)" suffix, struct values taken for nil
// pointers.
const ginClaimsSource = `package common

import (
	"fmt"
	"net/http"

	"github.com/dgrijalva/jwt-go"
	"gopkg.in/go-playground/validator.v8"
)

func GenToken(id uint) string {
	jwt_token := jwt.New(jwt.GetSigningMethod("HS265"))
	jwt_token.Claims = jwt.MapClaims{"id": id}
	token, _ := jwt_token.SignedString([]byte("secret"))
	return token
}

func NewValidatorError(err error) map[string]string {
	res := map[string]string{}
	errs := err.(validator.ValidationErrors)
	for _, v := range errs {
		res[v.Field] = fmt.Sprint(v.Tag, http.StatusOK)
	}
	return res
}

type tagStats struct {
	counts map[string]int
}

type TagModel struct{ Tag string }

func popularTags(tags []TagModel) map[string]int {
	var stats tagStats
	for _, t := range tags {
		stats.counts[t.Tag]++
	}
	return stats.counts
}
`

// ginClaimsFrame writes ginClaimsSource as a module and returns the app
// frame of fn at the line holding marker.
func ginClaimsFrame(t *testing.T, fn, marker string) report.Frame {
	t.Helper()
	dir := t.TempDir()
	testdir.Write(t, dir, map[string]string{"go.mod": "module example.com/realworld\n\ngo 1.22\n", "common/utils.go": ginClaimsSource})
	lines := strings.Split(ginClaimsSource, "\n")
	line := 0
	for i, l := range lines {
		if strings.Contains(l, marker) {
			line = i + 1
		}
	}
	start := max(1, line-5)
	return report.Frame{Function: "example.com/realworld/common." + fn, File: filepath.Join(dir, "common", "utils.go"), Line: line, Kind: report.FrameApp,
		Source: &report.Source{StartLine: start, Lines: lines[start-1 : min(len(lines), line+5)], Line: line}}
}

// checkClaims reports the wanted phrases text lacks and the false ones it
// holds.
func checkClaims(t *testing.T, text string, want, bad []string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("the explanation lacks %q:\n%s", w, text)
		}
	}
	for _, b := range bad {
		if strings.Contains(text, b) {
			t.Errorf("the explanation claims %q:\n%s", b, text)
		}
	}
}

// TestPackageNameFromImportPathIsNotNil: jwt from "github.com/dgrijalva/
// jwt-go" is a package, not a nil variable; the nil value raised inside
// the package function jwt.New is the argument the line passed.
func TestPackageNameFromImportPathIsNotNil(t *testing.T) {
	r := panicReport("runtime.errorString", nilPointerMsg,
		libFrame(report.FrameDependency, "github.com/dgrijalva/jwt-go.NewWithClaims", "/root/go/pkg/mod/github.com/dgrijalva/jwt-go@v3.2.0+incompatible/token.go", 39),
		libFrame(report.FrameDependency, "github.com/dgrijalva/jwt-go.New", "/root/go/pkg/mod/github.com/dgrijalva/jwt-go@v3.2.0+incompatible/token.go", 33),
		ginClaimsFrame(t, "GenToken", "jwt.New("))
	text := Analyze(r)
	checkClaims(t, text,
		[]string{"`jwt.GetSigningMethod(\"HS265\")`", "`jwt.GetSigningMethod` returns `nil` when no signing method is registered", "method == nil"},
		[]string{"`jwt` is", "jwt == nil", "jwt-go.New"})
}

// TestAssertionTypesFromDifferentPackages: the runtime's "(types from
// different packages)" suffix is not part of the type; two versions of one
// module are the usual cause, and the app's import is named.
func TestAssertionTypesFromDifferentPackages(t *testing.T) {
	r := panicReport("*runtime.TypeAssertionError", "interface conversion: error is validator.ValidationErrors, not validator.ValidationErrors (types from different packages)",
		ginClaimsFrame(t, "NewValidatorError", "err.(validator"))
	text := Analyze(r)
	checkClaims(t, text,
		[]string{"two different types named `validator.ValidationErrors`", "`gopkg.in/go-playground/validator.v8`", "the version the library uses"},
		[]string{"(types from different packages)`", "store a"})

	r = panicReport("*runtime.TypeAssertionError", r.Error.Message, ginClaimsFrame(t, "NewValidatorError", "err.(validator"),
		libFrame(report.FrameDependency, "github.com/gin-gonic/gin.(*Context).Next", "/root/go/pkg/mod/github.com/gin-gonic/gin@v1.8.1/context.go", 173))
	text = Analyze(r)
	checkClaims(t, text,
		[]string{"Import the version the library uses, `github.com/go-playground/validator/v10`, in place of `gopkg.in/go-playground/validator.v8`"},
		[]string{"(types from different packages)`", "store a"})
}

// TestRecoveredValueTypedNotNil: with the panic value taken by a
// recoverer, struct values are not said to be nil; the nil map write on a
// map field stays a candidate.
func TestRecoveredValueTypedNotNil(t *testing.T) {
	r := panicReport("(recovered: value unknown)", "a panic recovered by github.com/gin-gonic/gin.CustomRecoveryWithWriter.func1.1; its value did not reach explainerr",
		libFrame(report.FrameStdlib, "runtime.mapassign_faststr", "/usr/local/go/src/internal/runtime/maps/runtime_faststr.go", 265),
		ginClaimsFrame(t, "popularTags", "stats.counts[t.Tag]++"))
	r.Error.Recoverer = "github.com/gin-gonic/gin.CustomRecoveryWithWriter.func1.1"
	text := Analyze(r)
	checkClaims(t, text,
		[]string{"a write to a nil map in `stats.counts[t.Tag]`", "raised while writing to the map `stats.counts`"},
		[]string{"nil pointer dereference", "If it was a nil dereference", "`stats` is declared", "so it is `nil`"})
}
