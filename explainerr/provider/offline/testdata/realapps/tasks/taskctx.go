package main

import (
	"context"
	"net/http"
	"strconv"
	"strings"

	"example.com/tasks/internal/taskstore"
)

// counters counts the views of each task.
type counters struct {
	views map[int]int
}

var viewCounts = &counters{views: map[int]int{}}

// taskCtx loads the task named by the route into the request's context.
func (ts *taskServer) taskCtx(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var task *taskstore.Task
		id, err := strconv.Atoi(r.PathValue("id"))
		if err != nil {
			http.Error(w, "invalid id", http.StatusBadRequest)
			return
		}
		task, _ = ts.store.GetTask(id)
		ctx := context.WithValue(r.Context(), "task", task)
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

func (ts *taskServer) viewTaskHandler(w http.ResponseWriter, r *http.Request) {
	task := r.Context().Value("task").(*taskstore.Task)
	viewCounts.views[task.Id]++
	w.Write([]byte(task.Text))
}

func (ts *taskServer) taskTitleHandler(w http.ResponseWriter, r *http.Request) {
	id, _ := strconv.Atoi(r.PathValue("id"))
	task, _ := ts.store.GetTask(id)
	w.Write([]byte(title(task)))
}

// title formats a task's title.
func title(task *taskstore.Task) string {
	b := new(strings.Builder)
	b.WriteString(task.Text)
	return b.String()
}
