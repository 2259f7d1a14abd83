package failureclass

import "testing"

// TestSaysNothing: a body that holds only a 5xx status's text, in prose,
// in a JSON object or on a short page, says nothing of the error; one
// with the error's own words, or with a colon after what failed, does.
func TestSaysNothing(t *testing.T) {
	for msg, want := range map[string]bool{
		"Internal Server Error":                          true,
		"500 Internal Server Error\n":                    true,
		"something went wrong":                           true,
		`{"code":500,"error":"Internal Server Error"}`:   true,
		`{"status":503,"message":"Service Unavailable"}`: true,
		"502 | Shop 502 Bad Gateway << Back to Home":     true,
		"": false,
		"Internal Server Error: no such table: dogs":                                  false,
		`{"error":"pq: relation \"dogs\" does not exist"}`:                            false,
		`{"code":500,"error":"Internal Server Error","id":"x"}`:                       false,
		"Internal Server Error while saving the order of the customer's basket again": false,
		"Not Found": false,
	} {
		if got := SaysNothing(msg); got != want {
			t.Errorf("SaysNothing(%q) = %v, want %v", msg, got, want)
		}
	}
}
