package main

import (
	"context"
	"net/http"
)

type userKey struct{}

//explainerr:failure panic *runtime.TypeAssertionError interface conversion: interface {} is string, not int

// userID reads the user's id the auth middleware stored in the context.
func userID(ctx context.Context) int {
	return ctx.Value(userKey{}).(int) // want `Failed type assertion: .ctx\.Value\(userKey\{\}\)\.\(int\).` `holds a .string., not an .int.` `two-result form`
}

func profile(w http.ResponseWriter, r *http.Request) {
	_ = userID(r.Context())
}
