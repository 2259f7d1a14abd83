package main

import (
	"log"
	"net/http"
	"strconv"
	"time"

	"example.com/tasks/internal/taskstore"
)

type taskServer struct {
	store *taskstore.TaskStore
}

func (ts *taskServer) getTaskHandler(w http.ResponseWriter, req *http.Request) {
	id, err := strconv.Atoi(req.PathValue("id"))
	if err != nil {
		http.Error(w, "invalid id", http.StatusBadRequest)
		return
	}
	task, err := ts.store.GetTask(id)
	if err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	log.Printf("task %d due %s", task.Id, task.Due.Format(time.DateOnly))
	w.Write([]byte(task.Text))
}

func (ts *taskServer) deleteTaskHandler(w http.ResponseWriter, req *http.Request) {
	id, err := strconv.Atoi(req.PathValue("id"))
	if err != nil {
		http.Error(w, "invalid id", http.StatusBadRequest)
		return
	}
	if err := ts.store.DeleteTask(id); err != nil {
		log.Printf("deleting task %d: %v", id, err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
}

func (ts *taskServer) whoamiHandler(w http.ResponseWriter, req *http.Request) {
	reqID := req.Context().Value("request-id").(string)
	w.Write([]byte(reqID))
}

func (ts *taskServer) adminHandler(w http.ResponseWriter, req *http.Request) {
	isAdmin := req.Context().Value("acl.admin").(bool)
	if !isAdmin {
		http.Error(w, "forbidden", http.StatusForbidden)
		return
	}
	w.Write([]byte("welcome"))
}

func (ts *taskServer) dueHandler(w http.ResponseWriter, req *http.Request) {
	var task *taskstore.Task
	for _, t := range ts.store.GetAllTasks() {
		if t.Text == req.URL.Query().Get("text") {
			task = &t
		}
	}
	w.Write([]byte(task.Due.Format(time.DateOnly)))
}

var priorities = []string{"low", "normal", "high"}

func (ts *taskServer) priorityHandler(w http.ResponseWriter, req *http.Request) {
	level, err := strconv.Atoi(req.PathValue("level"))
	if err != nil {
		http.Error(w, "invalid level", http.StatusBadRequest)
		return
	}
	w.Write([]byte(priorities[level]))
}
