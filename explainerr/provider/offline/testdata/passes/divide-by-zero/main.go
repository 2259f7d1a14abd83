package main

import (
	"fmt"
	"net/http"
	"strconv"
)

//explainerr:failure panic runtime.Error runtime error: integer divide by zero

// pages answers how many pages the posts fill.
func pages(w http.ResponseWriter, r *http.Request) {
	per, _ := strconv.Atoi(r.URL.Query().Get("per"))
	total := 120
	fmt.Fprint(w, total/per) // want `Integer divide by zero: .per. is 0` `.per. comes from .main\.go:13.` `if per == 0 \{`
}
