package offline

import "testing"

// phraseFiles is a handler that drops the error of decoding its request
// and deletes by the id it may not have read.
var phraseFiles = map[string]string{
	"go.mod": "module example.com/phrases\n\ngo 1.22\n",
	"main.go": `package main

import (
	"encoding/json"
	"fmt"
	"net/http"
)

var phrases = map[int]string{}

func remove(id int) error {
	if _, ok := phrases[id]; !ok {
		return fmt.Errorf("phrase with id %d not found", id)
	}
	delete(phrases, id)
	return nil
}

func deletePhrase(w http.ResponseWriter, r *http.Request) {
	var req struct{ ID int }
	_ = json.NewDecoder(r.Body).Decode(&req)
	if err := remove(req.ID); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError) //!status
	}
}
`,
}

// TestZeroKeyFromADroppedDecodeError: a not-found for the id 0 in a
// handler that drops its decode error is the client's input not read.
func TestZeroKeyFromADroppedDecodeError(t *testing.T) {
	app := writeMarkedApp(t, phraseFiles)
	text := Analyze(statusReport("phrase with id 0 not found", app.frame(t, "status", "deletePhrase")))
	mustHave(t, text, "Nothing found for a zero key",
		"`deletePhrase` drops the error of `json.NewDecoder(r.Body).Decode(&req)` at `main.go:21`",
		"answer 400 Bad Request")
	mustLack(t, text, "answering 404")

	// A not-found for another id is the missing record it says.
	text = Analyze(statusReport("phrase with id 7 not found", app.frame(t, "status", "deletePhrase")))
	mustLack(t, text, "zero key")
}
