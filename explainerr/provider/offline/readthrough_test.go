package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// aviaryFiles is an app whose auth service embeds a settings interface
// that its constructor leaves out, and whose handler passes a field of
// its environment, never set, down two store functions as an interface.
var aviaryFiles = map[string]string{
	"go.mod": "module example.com/aviary\n\ngo 1.22\n",
	"auth/auth.go": `package auth

// Settings gives the signing secret.
type Settings interface{ Secret() string }

// Service signs tokens.
type Service struct {
	Name string
	Settings
}

// New builds the service.
func New(name string) *Service {
	return &Service{Name: name}
}

// Sign signs a token for user.
func (s *Service) Sign(user string) string {
	return user + ":" +
		s.Secret() //!sign
}

// Login checks a user and signs a token.
func (s *Service) Login(user string) string {
	if s.Name == "" {
		return ""
	}
	return s.Sign(user) //!login
}
`,
	"store/users.go": `package store

// Querier runs queries.
type Querier interface{ Query(q string) error }

func count(db Querier) error {
	return db.Query("SELECT count(*) FROM users") //!query
}

// CountUsers counts the users.
func CountUsers(db Querier) error {
	return count(db) //!count
}
`,
	"web/web.go": `package web

import "example.com/aviary/store"

type env struct {
	name string
	pool store.Querier
}

func newEnv(name string) *env {
	return &env{name: name}
}

func handle(e *env) error {
	if e.name == "" {
		return nil
	}
	return store.CountUsers(e.pool) //!handle
}
`,
}

// TestPromotedCallInlinedOnAValueReadBefore: with no wrapper frame, the
// failing line calls a method its struct promotes from an embedded
// interface, on a receiver the caller read a field through before: the
// embedded field is the nil one, built without it, and the receiver is
// said not to be nil, not advised a nil check.
func TestPromotedCallInlinedOnAValueReadBefore(t *testing.T) {
	app := writeMarkedApp(t, aviaryFiles)
	fr1 := app.frame(t, "sign", "example.com/aviary/auth.(*Service).Sign")
	fr2 := app.frame(t, "login", "example.com/aviary/auth.(*Service).Login")
	text := Analyze(panicReport("runtime.Error", nilDeref, fr1, fr2))
	mustHave(t, text, "the embedded `Settings` of a `Service` is nil", "`s` was read through at", "without `Settings`", "Set `Settings` where the `Service` is built")
	mustLack(t, text, "if s == nil", "`s` is nil")
}

// TestInterfaceHoldingANilPointerPassedDown: a parameter passed down two
// calls unchanged, from a field its constructor leaves out, holds a nil
// pointer the dependency's method fails on: the field and its
// constructor are named, and no check of the interface against nil is
// advised, since it would not hold.
func TestInterfaceHoldingANilPointerPassedDown(t *testing.T) {
	app := writeMarkedApp(t, aviaryFiles)
	raiser := report.Frame{Function: "example.com/dep/pool.(*Pool).Query", File: "/go/pkg/mod/example.com/dep@v1.0.0/pool/pool.go", Line: 20, Kind: report.FrameDependency}
	fr1 := app.frame(t, "query", "example.com/aviary/store.count")
	fr2 := app.frame(t, "count", "example.com/aviary/store.CountUsers")
	fr3 := app.frame(t, "handle", "example.com/aviary/web.handle")
	text := Analyze(panicReport("runtime.Error", nilDeref, raiser, fr1, fr2, fr3))
	mustHave(t, text, "`db` holds a nil `*pool.Pool`", "passed down unchanged from `handle`, which passes `e.pool`", "without `pool`", "would not catch it")
	mustLack(t, text, "if db == nil")
}

// TestFieldOfAParameterReadThroughByTheCaller: a helper reads a field
// through a parameter of a module struct type that its caller read
// another field through before: the field is the nil one, left out by
// the type's constructor, and the parameter is said not to be nil.
func TestFieldOfAParameterReadThroughByTheCaller(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/pastes\n\ngo 1.22\n",
		"server/server.go": `package server

// Store finds pastes.
type Store interface{ Find(id string) (string, error) }

// Config is the server's settings.
type Config struct{ IDLength int }

// Server serves pastes.
type Server struct {
	Config   Config
	Database Store
}

// NewServer builds a server.
func NewServer(c Config) *Server {
	return &Server{Config: c}
}

func get(s *Server, id string) (string, error) {
	return s.Database.Find(id) //!get
}

// Fetch answers a paste.
func (s *Server) Fetch(id string) (string, error) {
	if len(id) != s.Config.IDLength {
		return "", nil
	}
	return get(s, id) //!fetch
}
`,
	})
	fr1 := app.frame(t, "get", "example.com/pastes/server.get")
	fr2 := app.frame(t, "fetch", "example.com/pastes/server.(*Server).Fetch")
	text := Analyze(panicReport("runtime.Error", nilDeref, fr1, fr2))
	mustHave(t, text, "`s.Database` is nil", "`s` was read through at", "Set `Database` where the `Server` is built")
	mustLack(t, text, "one of `s.Database`, `s`")
}

// TestReadInTheFailingStatementIsNoProof: a panic reported on a line of a
// composite literal over several lines says nothing of the order its
// fields were read in, so a field read through the same variable on an
// earlier line of that literal does not clear the variable; a read in an
// earlier statement does.
func TestReadInTheFailingStatementIsNoProof(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/tags\n\ngo 1.22\n",
		"tags.go": `package tags

import "time"

// Tag is a stored tag.
type Tag struct {
	ID   int
	Name string
	Made time.Time
}

// DTO is a tag as the API answers it.
type DTO struct {
	ID   int
	Name string
	When int64
}

// Convert answers a tag.
func Convert(t *Tag) *DTO {
	return &DTO{
		ID:   t.ID,
		Name: t.Name,
		When: t.Made.Unix(), //!lit
	}
}

// ConvertNamed answers a tag after reading its name.
func ConvertNamed(t *Tag) *DTO {
	name := t.Name
	return &DTO{
		Name: name,
		When: t.Made.Unix(), //!named
	}
}
`,
	})
	text := Analyze(panicReport("runtime.Error", nilDeref, app.frame(t, "lit", "example.com/tags.Convert")))
	mustLack(t, text, "was read through at", "`t` is not it")
	text = Analyze(panicReport("runtime.Error", nilDeref, app.frame(t, "named", "example.com/tags.ConvertNamed")))
	mustHave(t, text, "`t` was read through at `tags.go:30`")
}

// TestFieldOfAnotherPackagesTypeThatCannotBeNil: a value receiver's
// method reads a time.Time field through a parameter whose type another
// package declares (tag *entity.Tag), while a type of that name is
// declared twice in the module: the field cannot be nil, the parameter
// is named.
func TestFieldOfAnotherPackagesTypeThatCannotBeNil(t *testing.T) {
	app := writeMarkedApp(t, map[string]string{
		"go.mod": "module example.com/tagged\n\ngo 1.22\n",
		"entity/tag.go": `package entity

import "time"

// Tag is a stored tag.
type Tag struct {
	ID      int
	Created time.Time
}
`,
		"dto/tag.go": `package dto

// Tag is a tag as the API answers it.
type Tag struct {
	ID      int
	Created *int64
}
`,
		"service/tags.go": `package service

import (
	"example.com/tagged/dto"
	"example.com/tagged/entity"
)

type tags struct{}

// Convert answers a tag.
func (s tags) Convert(tag *entity.Tag) *dto.Tag {
	made := tag.Created.Unix() //!conv
	return &dto.Tag{Created: &made}
}
`,
	})
	fr := app.frame(t, "conv", "example.com/tagged/service.tags.Convert")
	text := Analyze(panicReport("runtime.Error", nilDeref, fr))
	mustHave(t, text, "`tag` is nil", "`tag.Created` is not it: its type cannot be nil")
	mustLack(t, text, "one of `tag.Created`, `tag` is nil")
}
