package stack

import (
	"bytes"
	"strings"
	"testing"
)

func TestNotADump(t *testing.T) {
	binaryLine := "\x00\x01\x02 binary \x03\x04\n"
	for _, tc := range []struct {
		name string
		data string
		why  string // "" when the input may be a dump
	}{
		{"a frame", "goroutine 1 [running]:\nmain.main()\n\t/app/main.go:12 +0x1d\n", ""},
		{"an assembly frame", "runtime.goexit()\n\tasm_amd64.s:1700 +0x1\n", ""},
		{"a cgo frame", "crosscall2()\n\tgcc_amd64.c:42\n", ""},
		{"a one-line frame at the end", "at main.main (main.go:7", ""},
		{"colours and carriage returns", "\x1b[31mpanic: x\x1b[0m\r\n\tmain.go:3 +0x1\r\n", ""},
		{"a goroutine whose frame lost its file line", "goroutine 1 [running]:\nmain.main()\n", ""},
		{"no header and no file line", "panic: boom\nmain.main()\n\t/src/app/h.g\n", "no line that names a Go file and line"},
		{"a colon after go without a dot", "go:12 main:go:3 file.go: 12\n", "no line that names a Go file and line"},
		{"a file without a line", "see main.go:line and x.s:\n", "no line that names a Go file and line"},
		{"large and mostly binary", strings.Repeat(binaryLine, sniffBinaryMin/len(binaryLine)+1) + "\t/app/main.go:12 +0x1d\n", "binary data"},
		{"small and mostly binary", strings.Repeat(binaryLine, 10) + "main.main()\n\t/app/main.go:12 +0x1d\n", ""},
		{"large with a few binary lines", strings.Repeat(binaryLine, 10) + strings.Repeat("main.main()\n\t/app/main.go:12 +0x1d\n", sniffBinaryMin/30), ""},
	} {
		err := notADump([]byte(tc.data))
		switch {
		case tc.why == "" && err != nil:
			t.Errorf("%s: refused: %v", tc.name, err)
		case tc.why != "" && (err == nil || !strings.Contains(err.Error(), tc.why) || !strings.Contains(err.Error(), expectedDump)):
			t.Errorf("%s: %v; want an error with %q and what was expected", tc.name, err, tc.why)
		}
	}
}

func TestParseDumpRefusesBinaryInput(t *testing.T) {
	data := bytes.Repeat([]byte("\x00\x00\x00\x00\x00\x00\x00\n"), 1<<20)
	if _, err := ParseDump(bytes.NewReader(data), nil); err == nil || !strings.Contains(err.Error(), "binary data") {
		t.Fatalf("ParseDump of NUL bytes: %v", err)
	}
}
