// Command tasks serves a task list and dials, the way small REST servers
// are written: handlers in main, stores and middleware in packages.
package main

import (
	"fmt"
	"net/http"
	"os"

	"github.com/explainerr/explainerr/explainerr"

	"example.com/tasks/http"
	"example.com/tasks/internal/middleware"
	"example.com/tasks/internal/taskstore"
	"example.com/tasks/sqlite"
)

func main() {
	ex, err := explainerr.New(explainerr.WithProviderName("offline"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	ts := &taskServer{store: taskstore.New()}
	ts.store.CreateTask("first", nil)
	dials := &wtfhttp.DialHandler{Service: sqlite.NewDialService()}

	mux := http.NewServeMux()
	mux.HandleFunc("GET /task/{id}/", ts.getTaskHandler)
	mux.HandleFunc("DELETE /task/{id}/", ts.deleteTaskHandler)
	mux.HandleFunc("GET /whoami/", ts.whoamiHandler)
	mux.HandleFunc("GET /admin/", ts.adminHandler)
	mux.Handle("GET /view/{id}/", ts.taskCtx(http.HandlerFunc(ts.viewTaskHandler)))
	mux.HandleFunc("GET /title/{id}/", ts.taskTitleHandler)
	mux.HandleFunc("GET /due/", ts.dueHandler)
	mux.HandleFunc("GET /priority/{level}/", ts.priorityHandler)
	mux.Handle("GET /safe/task/{id}/", middleware.PanicRecovery(http.HandlerFunc(ts.getTaskHandler)))
	mux.HandleFunc("GET /dials/{id}", dials.HandleDialView)
	mux.HandleFunc("POST /dials", dials.HandleDialCreate)
	mux.HandleFunc("GET /flash", dials.HandleFlash)
	mux.HandleFunc("GET /newdial", dials.HandleDialName)

	handler := middleware.Logging(middleware.RequestID(mux))
	probe(ex.Middleware(handler), os.Args[1:])
}
