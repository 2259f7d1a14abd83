package memory

import (
	"context"
	"time"

	"example.com/boards/board"
)

// Latest keeps each user's latest board.
type Latest struct {
	boards map[int]*board.Board
}

// LatestBoard returns the latest board of the user id; nil when the user
// has none yet.
func (l *Latest) LatestBoard(id int) (*board.Board, error) {
	if b, ok := l.boards[id]; ok {
		return b, nil
	}
	return nil, nil
}

// syncTimeout bounds a sync of the latest boards.
const syncTimeout = 2 * time.Millisecond

// Sync waits for the latest boards to be synced, at most syncTimeout.
func (l *Latest) Sync(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, syncTimeout)
	defer cancel()
	<-ctx.Done()
	return ctx.Err()
}
