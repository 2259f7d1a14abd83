// Package board holds the domain types of a small board-tracking app: the
// services are interfaces, implemented by the memory and http packages.
package board

import "context"

// Board is a board with its members.
type Board struct {
	ID      int
	Name    string
	Value   int
	Members []*Member
}

// Member is a user's membership of a board.
type Member struct {
	BoardID int
	UserID  int
}

// BoardFilter selects boards.
type BoardFilter struct {
	Offset int
	Limit  int
}

// MemberFilter selects members.
type MemberFilter struct {
	BoardID *int
}

// BoardService reads boards.
type BoardService interface {
	FindBoardByID(ctx context.Context, id int) (*Board, error)
	FindBoards(ctx context.Context, filter BoardFilter) ([]*Board, int, error)
	AverageValue(ctx context.Context) (int, error)
}

// MemberService reads members.
type MemberService interface {
	FindMembers(ctx context.Context, filter MemberFilter) ([]*Member, int, error)
}
