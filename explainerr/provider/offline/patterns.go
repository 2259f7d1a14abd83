package offline

import "github.com/explainerr/explainerr/explainerr/provider/offline/internal/pattern"

// compiled returns expr compiled, cached and shared (pattern.Compiled):
// the passes build many patterns from the report's names.
var compiled = pattern.Compiled
