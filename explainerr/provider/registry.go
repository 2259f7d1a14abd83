package provider

import (
	"net/http"
	"sort"
	"sync"
)

// Config is what a registered provider is opened with: the settings the
// middleware read from its options and the environment.
type Config struct {
	// APIKey is the model server's API key (OPENAI_API_KEY).
	APIKey string
	// BaseURL is the model server's API root (OPENAI_BASE_URL).
	BaseURL string
	// Model is the model to ask for (EXPLAINERR_MODEL); empty means the
	// provider's default.
	Model string
	// MaxRetries bounds retries of one call; 0 means the provider's default.
	MaxRetries int
	// HTTPClient reaches the model server; nil means a default one.
	HTTPClient *http.Client
}

// Opener makes a provider from a Config.
type Opener func(Config) (Provider, error)

var (
	registryMu sync.RWMutex
	registry   = map[string]Opener{}
)

// Register makes a provider available by name, the way database/sql drivers
// register: a provider package calls it from its init function, and a
// program links the provider with a blank import, such as
//
//	import _ "github.com/explainerr/explainerr/explainerr/provider/openai"
//
// Register panics if open is nil or name is already registered.
func Register(name string, open Opener) {
	registryMu.Lock()
	defer registryMu.Unlock()
	if open == nil {
		panic("provider: Register of a nil opener for " + name)
	}
	if _, dup := registry[name]; dup {
		panic("provider: Register called twice for " + name)
	}
	registry[name] = open
}

// Lookup returns the opener registered under name.
func Lookup(name string) (Opener, bool) {
	registryMu.RLock()
	defer registryMu.RUnlock()
	open, ok := registry[name]
	return open, ok
}

// Registered returns the names of the registered providers, sorted.
func Registered() []string {
	registryMu.RLock()
	defer registryMu.RUnlock()
	names := make([]string, 0, len(registry))
	for name := range registry {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}
