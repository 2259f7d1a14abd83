// Command app is the dev server that scripts/measure-memory.sh measures:
// copied into a module (golang.org/x/tools by default) and built twice,
// with explainerr's middleware (wire_explainerr.go) and without it
// (wire_recoverer.go, the build tag "without"). Its handlers fail the way
// a dev server fails: panics in the module's functions, errors returned
// through handler.Func, and 500s written with http.Error. The failure
// depends on the "id" query parameter, so that a run holds several
// distinct failures, each repeated.
package main

import (
	"flag"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime"
	"runtime/pprof"
	"syscall"

	"github.com/go-chi/chi/v5"
)

func main() {
	addrFile := flag.String("addrfile", "", "write the address listened on to this file once ready")
	heapProfile := flag.String("heapprofile", "", "write a heap profile to this file when stopped")
	flag.Parse()

	r := chi.NewRouter()
	r.Use(wrap())
	r.Get("/healthz", func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("ok\n")) })
	routes(r)

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	go stopOnSignal(*heapProfile)
	if *addrFile != "" {
		// Written whole, then renamed: whoever waits for the file reads all of it.
		if err := os.WriteFile(*addrFile+".tmp", []byte(ln.Addr().String()), 0o644); err != nil {
			log.Fatal(err)
		}
		if err := os.Rename(*addrFile+".tmp", *addrFile); err != nil {
			log.Fatal(err)
		}
	}
	log.Fatal(http.Serve(ln, r))
}

// stopOnSignal ends the process on SIGTERM or SIGINT, after writing a
// heap profile to path when path is not empty.
func stopOnSignal(path string) {
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, os.Interrupt)
	<-stop
	if path != "" {
		if err := writeHeapProfile(path); err != nil {
			log.Print(err)
		}
	}
	os.Exit(0)
}

// writeHeapProfile writes the heap profile (in use after a collection,
// and everything allocated since the start) to path.
func writeHeapProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	runtime.GC()
	if err := pprof.WriteHeapProfile(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
