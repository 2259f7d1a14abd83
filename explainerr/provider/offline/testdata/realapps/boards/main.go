// Command boards serves boards, wiring the services into the HTTP server
// the way a larger program does: the server is built first, its services
// are set afterwards.
package main

import (
	"fmt"
	"os"

	"github.com/explainerr/explainerr/explainerr"

	"example.com/boards/http"
	"example.com/boards/memory"
)

// Main is the program.
type Main struct {
	HTTPServer *http.Server
}

func main() {
	ex, err := explainerr.New(explainerr.WithProviderName("offline"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	m := &Main{HTTPServer: http.NewServer()}
	m.HTTPServer.BoardService = memory.NewBoardService()
	m.HTTPServer.MemberService = &memory.MemberService{}
	probe(ex.Middleware(m.HTTPServer), os.Args[1:])
}
