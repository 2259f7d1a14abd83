package main

import (
	"context"
	"net/http"
	"time"
)

func slowReport(ctx context.Context) error {
	<-ctx.Done()
	return ctx.Err()
}

//explainerr:failure error context.deadlineExceededError context deadline exceeded

// report builds the monthly report within a deadline.
func report(w http.ResponseWriter, r *http.Request) error {
	ctx, cancel := context.WithTimeout(r.Context(), 50*time.Millisecond)
	defer cancel()
	return slowReport(ctx) // want `Context deadline exceeded` `sets a deadline at .report. \(.main\.go:18.\)` `503 Service Unavailable`
}
