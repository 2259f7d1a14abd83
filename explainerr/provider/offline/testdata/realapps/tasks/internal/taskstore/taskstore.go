// Package taskstore holds the server's tasks in a map guarded by a mutex.
package taskstore

import (
	"fmt"
	"sync"
	"time"
)

// Task is a to-do item as the API shows it.
type Task struct {
	Id   int       `json:"id"`
	Text string    `json:"text"`
	Tags []string  `json:"tags"`
	Due  time.Time `json:"due"`
}

// TaskStore numbers tasks from zero and keeps them by number.
type TaskStore struct {
	mu    sync.Mutex
	byID  map[int]Task
	count int
}

// New returns a store with no tasks.
func New() *TaskStore {
	return &TaskStore{byID: map[int]Task{}}
}

// CreateTask stores a new task under the next number and returns it.
func (s *TaskStore) CreateTask(text string, tags []string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := s.count
	s.byID[id] = Task{Id: id, Text: text, Tags: tags}
	s.count++
	return id
}

// GetTask looks a task up by number; a number never given yields nil
// and no error.
func (s *TaskStore) GetTask(id int) (*Task, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if t, found := s.byID[id]; found {
		return &t, nil
	}
	return nil, nil
}

// DeleteTask forgets a task; an unknown number is an error.
func (s *TaskStore) DeleteTask(id int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, found := s.byID[id]; !found {
		return fmt.Errorf("task %d not found", id)
	}
	delete(s.byID, id)
	return nil
}

// GetAllTasks copies out every task, in no particular order.
func (s *TaskStore) GetAllTasks() []Task {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Task, 0, len(s.byID))
	for _, t := range s.byID {
		out = append(out, t)
	}
	return out
}
