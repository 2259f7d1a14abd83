package memory

import "example.com/boards/board"

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
