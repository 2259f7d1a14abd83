module github.com/explainerr/explainerr

go 1.26.0

require (
	github.com/asg017/sqlite-vec-go-bindings v0.1.6
	github.com/go-chi/chi/v5 v5.2.0
	github.com/go-chi/cors v1.1.1
	github.com/maruel/panicparse/v2 v2.5.0
	github.com/mattn/go-sqlite3 v1.14.53
	github.com/openai/openai-go/v3 v3.98.0
	github.com/schollz/progressbar/v3 v3.19.1
	github.com/yuin/goldmark v1.8.7
	golang.org/x/term v0.44.0
	golang.org/x/tools v0.52.0
)

require (
	github.com/coder/websocket v1.8.15 // indirect
	github.com/mitchellh/colorstring v0.0.0-20190213212951-d06e56a500db // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	github.com/tidwall/gjson v1.20.0 // indirect
	github.com/tidwall/match v1.1.1 // indirect
	github.com/tidwall/pretty v1.2.1 // indirect
	github.com/tidwall/sjson v1.2.5 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
)
