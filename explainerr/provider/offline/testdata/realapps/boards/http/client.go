package http

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"

	"example.com/boards/board"
)

// BoardService is a client of a remote board server.
type BoardService struct {
	URL string
}

// FindBoardByID fetches one board.
func (s *BoardService) FindBoardByID(ctx context.Context, id int) (*board.Board, error) {
	return nil, nil
}

// FindBoards fetches a page of boards.
func (s *BoardService) FindBoards(ctx context.Context, filter board.BoardFilter) ([]*board.Board, int, error) {
	body, err := json.Marshal(filter)
	if err != nil {
		return nil, 0, err
	}
	resp, err := http.Post(s.URL+"/boards", "application/json", bytes.NewReader(body))
	if err != nil {
		return nil, 0, err
	}
	defer resp.Body.Close()
	var out struct {
		Boards []*board.Board
		N      int
	}
	err = json.NewDecoder(resp.Body).Decode(&out)
	return out.Boards, out.N, err
}

// AverageValue fetches the average value.
func (s *BoardService) AverageValue(ctx context.Context) (int, error) {
	return 0, nil
}
