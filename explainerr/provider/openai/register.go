package openai

import "github.com/explainerr/explainerr/explainerr/provider"

// Linking this package registers it as the "openai" provider, which
// explainerr.New chooses when an API key or a base URL is set.
func init() {
	provider.Register("openai", func(c provider.Config) (provider.Provider, error) {
		return New(Config{
			APIKey:     c.APIKey,
			BaseURL:    c.BaseURL,
			Model:      c.Model,
			MaxRetries: c.MaxRetries,
			HTTPClient: c.HTTPClient,
		})
	})
}
