// Command load sends the failing requests of scripts/measure-memory.sh to
// the app in ./app: it waits until the app answers /healthz, then sends n
// requests one after another, cycling through the app's failing routes
// with the "id" parameter cycling through 0-9, each asking for the HTML
// page (Accept: text/html) and reading it whole. It prints how many
// answers were 500s and how many carried an X-Explainerr-Report header,
// and fails when an answer was not a 500.
package main

import (
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"time"
)

var paths = []string{"/panic/index", "/panic/nil", "/panic/nilmap", "/error/format", "/error/limit", "/status/missing"}

func main() {
	addr := flag.String("addr", "", "the app's host:port")
	n := flag.Int("n", 1000, "requests to send")
	wait := flag.Duration("wait", time.Minute, "how long to wait for the app to answer /healthz")
	flag.Parse()
	if *addr == "" {
		log.Fatal("load: -addr is required")
	}
	base := "http://" + *addr
	if err := waitReady(base+"/healthz", *wait); err != nil {
		log.Fatal(err)
	}
	var failed, reports int
	for i := 0; i < *n; i++ {
		url := fmt.Sprintf("%s%s?id=%d", base, paths[i%len(paths)], (i/len(paths))%10)
		status, report, err := get(url)
		if err != nil {
			log.Fatal(err)
		}
		if status != http.StatusInternalServerError {
			log.Fatalf("load: %s answered %d, want 500", url, status)
		}
		failed++
		if report {
			reports++
		}
	}
	fmt.Printf("500s: %d reports: %d\n", failed, reports)
}

// waitReady polls url until it answers 200, for at most d.
func waitReady(url string, d time.Duration) error {
	deadline := time.Now().Add(d)
	for {
		status, _, err := get(url)
		if err == nil && status == http.StatusOK {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("load: %s not ready after %v (status %d, %v)", url, d, status, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// get requests url as a browser would and reads the whole answer; it
// returns the status and whether explainerr made a report.
func get(url string) (int, bool, error) {
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		return 0, false, err
	}
	req.Header.Set("Accept", "text/html")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, false, err
	}
	defer resp.Body.Close()
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		return 0, false, err
	}
	return resp.StatusCode, resp.Header.Get("X-Explainerr-Report") != "", nil
}
