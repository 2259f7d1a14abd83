package offline

import (
	"strings"
)

// fixedSeed returns, for the generator function called name, the line that
// seeds with a constant the source it draws from
// (appsource.Module.FixedSeedOf).
func (a *analysis) fixedSeed(name string) (sourceLine, bool) {
	src := a.app()
	if src == nil || src.mod == nil {
		return sourceLine{}, false
	}
	refs := src.mod.Named(name, "")
	if len(refs) != 1 {
		return sourceLine{}, false
	}
	seed, ok := src.mod.FixedSeedOf(refs[0])
	if !ok {
		return sourceLine{}, false
	}
	fn := ""
	if _, fd := src.mod.FuncAt(seed.File.Path, seed.Line); fd != nil {
		fn = funcName(fd)
	}
	return sourceLine{Path: seed.File.Path, Line: seed.Line, Text: strings.TrimSpace(seed.File.Lines()[seed.Line-1]), Func: fn}, true
}
