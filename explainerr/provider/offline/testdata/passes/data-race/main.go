package main

import "net/http"

var visits int

//explainerr:failure crash race "WARNING: DATA RACE\nWrite at 0x00c0000a4010 by goroutine 8:"

// count counts the site's visits.
func count(w http.ResponseWriter, r *http.Request) {
	visits++ // want `### Data race` `Only this goroutine.s access could be read` `sync/atomic`
}
