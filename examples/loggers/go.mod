module github.com/explainerr/explainerr/examples/loggers

go 1.26.0

require (
	github.com/explainerr/explainerr v0.0.0
	github.com/rs/zerolog v1.35.1
	github.com/sirupsen/logrus v1.10.2
	go.uber.org/zap v1.28.0
)

require (
	github.com/go-chi/chi/v5 v5.5.0 // indirect
	github.com/maruel/panicparse/v2 v2.5.0 // indirect
	github.com/mattn/go-colorable v0.1.14 // indirect
	github.com/mattn/go-isatty v0.0.20 // indirect
	github.com/yuin/goldmark v1.8.7 // indirect
	go.uber.org/multierr v1.10.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
)

replace github.com/explainerr/explainerr => ../..
