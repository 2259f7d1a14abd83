package failureclass

import (
	"slices"
	"testing"
)

// TestLogLineMessageLeavesOutTextLoggersFields: the fields text loggers
// write before a message (time, level, request id, component, caller)
// are not the message; a message's own first words stay, even when
// they read like a level ("error loading …") or are bracketed with
// blanks inside.
func TestLogLineMessageLeavesOutTextLoggersFields(t *testing.T) {
	for line, want := range map[string]string{
		`2026-12-03 17:38:16 [ERROR] [6a8cb744-7c04] [users.UpdateHandler] failed to update user "uid:7", because boom`: `failed to update user "uid:7", because boom`,
		"2026-12-03T17:38:16.123Z\tERROR\tapi/users.go:548\tfailed to update user\t{\"error\": \"boom\"}":               "failed to update user\t{\"error\": \"boom\"}",
		"ERRO[0003] could not save the order                  error=boom":                                               "could not save the order                  error=boom",
		"3:04PM ERR could not save the order error=boom":                                                                "could not save the order error=boom",
		"E1203 17:38:16.123456   12345 orders.go:88] could not save the order: boom":                                    "could not save the order: boom",
		"[2026-12-03 17:38:16] WARN: disk almost full":                                                                  "disk almost full",
		"2026-12-03 17:38:16.120 | ERROR | orders.go:88 | could not save":                                               "could not save",
		"error loading config: open app.yaml: no such file":                                                             "error loading config: open app.yaml: no such file",
		"[draft post] could not be published":                                                                           "[draft post] could not be published",
		"failed: [ERROR] inside":                                                                                        "failed: [ERROR] inside",
		"ERROR":                                                                                                         "ERROR",
		"[03/12/2026 09:15:02][ERROR   ][[10.0.0.4][k3j9][report.pdf]] upload failed -- disk full -- 500":               "upload failed -- disk full -- 500",
		"[WARN][cache] evicted 12 entries":                                                                              "evicted 12 entries",
		"ERRORS were found in the batch":                                                                                "ERRORS were found in the batch",
	} {
		if got := LogLineMessage(line); got != want {
			t.Errorf("LogLineMessage(%q) = %q, want %q", line, got, want)
		}
		if got := LogMessage(line); line == "3:04PM ERR could not save the order error=boom" && got != "boom" {
			t.Errorf("LogMessage(%q) = %q, want the error attribute", line, got)
		}
	}
}

// TestLogTailsStartAtEachField: each field read off gives a place the
// message may start at, the longest first, so that an app's own format
// that holds some of the fields ("[%s] failed to …") matches one.
func TestLogTailsStartAtEachField(t *testing.T) {
	got := LogTails("2026-12-03 17:38:16 [ERROR] [req-1] [tags.Get] failed to get tag 7")
	want := []string{"[ERROR] [req-1] [tags.Get] failed to get tag 7", "[req-1] [tags.Get] failed to get tag 7", "[tags.Get] failed to get tag 7", "failed to get tag 7"}
	if !slices.Equal(got, want) {
		t.Errorf("LogTails = %q, want %q", got, want)
	}
	if got := LogTails("failed to get tag 7"); got != nil {
		t.Errorf("LogTails of a bare message = %q, want nil", got)
	}
}

// TestChainTailsReadBecause: a log call that says "because" (or an error
// "caused by") before the error it prints carries that error as a tail,
// as a ": " wrap does.
func TestChainTailsReadBecause(t *testing.T) {
	got := ChainTails(`failed to get tag "id:7", because tag 7 of user 3: tag not found`)
	want := []string{"tag 7 of user 3: tag not found", "tag not found"}
	if !slices.Equal(got, want) {
		t.Errorf("ChainTails = %q, want %q", got, want)
	}
	got = ChainTails("securecookie: error - caused by: crypto/aes: invalid key size 40")
	want = []string{"error - caused by: crypto/aes: invalid key size 40", "crypto/aes: invalid key size 40", "invalid key size 40"}
	if !slices.Equal(got, want) {
		t.Errorf("ChainTails = %q, want %q", got, want)
	}
}
