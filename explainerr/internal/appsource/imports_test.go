package appsource

import "testing"

// TestAssumedPackageName: the package name inferred from an import path
// drops major versions, a "go-" prefix and what follows a character that
// cannot be in an identifier.
func TestAssumedPackageName(t *testing.T) {
	for path, want := range map[string]string{
		"github.com/dgrijalva/jwt-go":         "jwt",
		"github.com/go-redis/redis/v8":        "redis",
		"github.com/go-redis/go-redis":        "redis",
		"gopkg.in/yaml.v3":                    "yaml",
		"gopkg.in/go-playground/validator.v8": "validator",
		"github.com/go-chi/chi/v5":            "chi",
		"github.com/gin-gonic/gin":            "gin",
		"net/http":                            "http",
	} {
		if got := AssumedPackageName(path); got != want {
			t.Errorf("AssumedPackageName(%q) = %q, want %q", path, got, want)
		}
	}
}
