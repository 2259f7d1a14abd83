package offline

import "testing"

// sameNameFiles declare Dependencies twice: a struct in the config
// package, the interface a domain holds in the model package. The
// constructor leaves the interface field out.
var sameNameFiles = map[string]string{
	"go.mod": "module example.com/shelf\n",
	"config/deps.go": `package config

type Dependencies struct{ Name string }
`,
	"model/deps.go": `package model

type Dependencies interface{ Domains() string }
`,
	"domains/tags.go": `package domains

import "example.com/shelf/model"

type Tags struct{ deps model.Dependencies }

func NewTags() *Tags { return &Tags{} }

func (t *Tags) List() string {
	return t.deps.Domains() //! list
}
`,
}

// TestFieldOfAnInterfaceNamedLikeAStruct: a field whose type is an
// interface is not ruled out as the nil value because another package
// declares a struct of the same name.
func TestFieldOfAnInterfaceNamedLikeAStruct(t *testing.T) {
	app := writeMarkedApp(t, sameNameFiles)
	r := panicReport("runtime.Error", "runtime error: invalid memory address or nil pointer dereference", app.frame(t, "list", "(*Tags).List"))
	text := Analyze(r)
	mustLack(t, text, "cannot be nil")
	mustHave(t, text, "`t.deps` is nil", "Set `deps` where the `Tags` is built, at `NewTags`")
}
