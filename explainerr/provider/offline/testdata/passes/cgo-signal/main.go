package main

// #include <string.h>
import "C"

import "unsafe"

//explainerr:failure crash runtime "fatal error: unexpected signal during runtime execution\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x7f]"
//explainerr:inner stdlib runtime.cgocall /usr/local/go/src/runtime/cgocall.go:167
//explainerr:inner app main._Cfunc_strlen _cgo_gotypes.go:61

// length measures a C string the caller passes.
func length(p *C.char) int {
	return int(C.strlen(p)) // want `Crash in C code called through cgo` `running the C function .strlen. through cgo` `C code followed a NULL pointer` `GOTRACEBACK=crash`
}

var _ = unsafe.Pointer(nil)
