package main

import (
	"context"
	"database/sql"
)

// Task is a row of tasks.
type Task struct {
	ID, Title string
}

// Tasks keeps tasks.
type Tasks struct{ db *sql.DB }

// ByID reads a task.
func (t *Tasks) ByID(ctx context.Context, id string) (Task, error) {
	var task Task
	err := t.db.QueryRowContext(ctx, "SELECT id, title FROM tasks WHERE id = $1", id).Scan(&task.ID, &task.Title)
	return task, err
}

// Save writes a task.
func (t *Tasks) Save(ctx context.Context, task Task) error {
	_, err := t.db.ExecContext(ctx, "UPDATE tasks SET title = $2 WHERE id = $1", task.ID, task.Title)
	return err
}

//explainerr:failure error *pgconn.PgError ERROR: invalid input syntax for type uuid: "" (SQLSTATE 22P02)

// Rename renames the task id.
func (t *Tasks) Rename(ctx context.Context, id, title string) error {
	task, err := t.ByID(ctx, id)
	task.Title = title
	err = t.Save(ctx, task) // want `.\(\*Tasks\)\.Rename. never checks the error of .t\.ByID\(ctx, id\).` `.err. is assigned again at .unchecked\.go:35. before anything reads it\)`
	return err
}
