package memory

import "context"

// AverageValue averages the values of the boards that have one.
func (s *BoardService) AverageValue(ctx context.Context) (int, error) {
	sum, active := 0, 0
	for _, b := range s.boards {
		if b.Value > 0 {
			sum += b.Value
			active++
		}
	}
	avg := sum / active
	return avg, nil
}
