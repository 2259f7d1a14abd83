package stack

import "testing"

// TestParseDumpTimeoutWithoutRunningTests parses a test timeout from Go
// before 1.20, which names no running test: the failing goroutine is the
// one running the app's test, never the alarm's.
func TestParseDumpTimeoutWithoutRunningTests(t *testing.T) {
	alarm := "panic: test timed out after 10m0s\n\ngoroutine 1083 [running]:\ntesting.(*M).startAlarm.func1()\n\t/usr/local/go/src/testing/testing.go:1459 +0xdf\ncreated by time.goFunc\n\t/usr/local/go/src/time/sleep.go:168 +0x44\n\n" +
		"goroutine 1 [chan receive]:\ntesting.tRunner(0xc000147200, 0xc000135d90)\n\t/usr/local/go/src/testing/testing.go:991 +0xdc\nexample.com/app.TestMain(0xc000158100)\n\t/src/app/main_test.go:63 +0x187\n\n"
	for name, test := range map[string]string{
		"called by tRunner":  "goroutine 6 [chan receive]:\nexample.com/app.helper(0x1)\n\t/src/app/h_test.go:9 +0x1\nexample.com/app.checkSync(0xc000147320)\n\t/src/app/sync_test.go:124 +0x4fb\ntesting.tRunner(0xc000147320, 0x8f0c70)\n\t/usr/local/go/src/testing/testing.go:991 +0xdc\n",
		"cut before tRunner": "goroutine 6 [chan receive]:\ntesting.(*T).Run(0xc000146000, 0xc0000240f0, 0x2d, 0xc00007c0f0, 0x2)\n\t/usr/local/go/src/testing/testing.go:1043 +0x37e\nexample.com/app.TestSync(0xc000147320)\n\t/src/app/sync_test.go:124 +0x4fb\ntesting.tRunne",
	} {
		t.Run(name, func(t *testing.T) {
			d := parseString(t, alarm+test, NewClassifier("example.com/app"))
			if d.Goroutine != 6 {
				t.Errorf("goroutine %d failed (%s), want 6", d.Goroutine, d.Reason)
			}
		})
	}
}
