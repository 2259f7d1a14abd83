// Package taskstore keeps tasks in memory.
package taskstore

import (
	"fmt"
	"sync"
	"time"
)

// Task is one task.
type Task struct {
	Id   int       `json:"id"`
	Text string    `json:"text"`
	Tags []string  `json:"tags"`
	Due  time.Time `json:"due"`
}

// TaskStore is a simple in-memory database of tasks.
type TaskStore struct {
	sync.Mutex

	tasks  map[int]Task
	nextId int
}

// New makes an empty store.
func New() *TaskStore {
	ts := &TaskStore{}
	ts.tasks = make(map[int]Task)
	ts.nextId = 0
	return ts
}

// CreateTask adds a task and returns its id.
func (ts *TaskStore) CreateTask(text string, tags []string) int {
	ts.Lock()
	defer ts.Unlock()
	task := Task{Id: ts.nextId, Text: text, Tags: tags}
	ts.tasks[ts.nextId] = task
	ts.nextId++
	return task.Id
}

// GetTask returns the task with id, nil when there is none.
func (ts *TaskStore) GetTask(id int) (*Task, error) {
	ts.Lock()
	defer ts.Unlock()
	t, ok := ts.tasks[id]
	if !ok {
		return nil, nil
	}
	return &t, nil
}

// DeleteTask deletes the task with id.
func (ts *TaskStore) DeleteTask(id int) error {
	ts.Lock()
	defer ts.Unlock()
	if _, ok := ts.tasks[id]; !ok {
		return fmt.Errorf("task with id=%d not found", id)
	}
	delete(ts.tasks, id)
	return nil
}

// GetAllTasks returns every task.
func (ts *TaskStore) GetAllTasks() []Task {
	ts.Lock()
	defer ts.Unlock()
	var all []Task
	for _, t := range ts.tasks {
		all = append(all, t)
	}
	return all
}
