// Package memory implements the board services in memory.
package memory

import (
	"context"
	"errors"

	"example.com/boards/board"
)

// BoardService keeps boards in memory.
type BoardService struct {
	boards []*board.Board
}

// NewBoardService returns a service with a few boards.
func NewBoardService() *BoardService {
	return &BoardService{boards: []*board.Board{{ID: 1, Name: "deploys"}, {ID: 2, Name: "alerts"}}}
}

// FindBoardByID returns the board with id.
func (s *BoardService) FindBoardByID(ctx context.Context, id int) (*board.Board, error) {
	for _, b := range s.boards {
		if b.ID == id {
			return b, nil
		}
	}
	return nil, errors.New("board not found")
}

// FindBoards returns a page of boards and the total count.
func (s *BoardService) FindBoards(ctx context.Context, filter board.BoardFilter) ([]*board.Board, int, error) {
	boards := make([]*board.Board, 0)
	for i, b := range s.boards {
		if i >= filter.Offset {
			boards = append(boards, b)
		}
	}
	return boards, len(s.boards), nil
}

// MemberService keeps members in memory.
type MemberService struct {
	members []*board.Member
}

// FindMembers returns the members that match filter.
func (s *MemberService) FindMembers(ctx context.Context, filter board.MemberFilter) ([]*board.Member, int, error) {
	ctx, cancel := context.WithTimeout(ctx, 500)
	defer cancel()
	<-ctx.Done()
	if err := ctx.Err(); err != nil {
		return nil, 0, err
	}
	return s.members, len(s.members), nil
}
