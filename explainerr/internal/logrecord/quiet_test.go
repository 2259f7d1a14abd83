package logrecord

import "testing"

func TestQuiet(t *testing.T) {
	cases := map[string]bool{
		`[Info]	 2026-12-03 12:42:43 [/app/dbfs/my_navigator.go:101] User's root folder not found: ent: file not found, will initialize it.`: true,
		`2026/12/03 12:42:43 INFO listing folders`:                                                    true,
		`time=2026-12-03T12:42:43Z level=INFO msg="request done" status=500`:                          true,
		`{"level":"debug","msg":"cache miss"}`:                                                        true,
		`{"level":"info","msg":"saved","error":"disk full"}`:                                          false,
		`{"level":"error","msg":"insert failed","error":"no such table: x"}`:                          false,
		`2026/12/03 12:42:43 folder.go:23: table folders has no column named x`:                       false,
		`[Error] 2026-12-03 12:42:43 failed to list: ent: file not found`:                             false,
		`ERROR something information-like`:                                                            false,
		`[12/03/2026 15:54:23][INFO    ][[127.0.0.1]] POST /user [500 Internal Server Error] (570µs)`: true,
		`[12/03/2026 15:54:23][CRITICAL][[127.0.0.1]] internal server error -- invalid value -- 500`:  false,
	}
	for line, want := range cases {
		if got := Quiet(line); got != want {
			t.Errorf("Quiet(%q) = %v, want %v", line, got, want)
		}
	}
}
