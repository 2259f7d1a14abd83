package main

import (
	"net/http"
	"os"
)

//explainerr:failure error *fs.PathError open config/banner.txt: no such file or directory

// banner answers the site's banner text.
func banner(w http.ResponseWriter, r *http.Request) error {
	data, err := os.ReadFile("config/banner.txt") // want `File not found: .config/banner\.txt.` `The path is relative` `configured directory`
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}
