package appsource

import (
	"go/ast"
	"regexp"
	"strings"

	"github.com/explainerr/explainerr/internal/astutil"
)

// reNotFoundWords are the words of a sentinel's message that say nothing
// was found: "no such plot", "user not found", "does not exist".
var reNotFoundWords = regexp.MustCompile(`(?i)\bnot\s+found\b|\bno\s+such\b|\bdoes\s+not\s+exist\b|\bdoesn't\s+exist\b|\bunknown\b|\bmissing\b`)

// NotFoundSentinel returns the sentinel error fd returns itself for
// "nothing found", as its return statement writes it ("ErrNoPlot",
// "store.ErrNoPlot"): one of the module's sentinels (Sentinels) whose
// message says nothing was found, or the not-found sentinel of
// database/sql or gorm returned as is. "" when fd returns none.
func (m *Module) NotFoundSentinel(fd *ast.FuncDecl) string {
	if fd == nil || fd.Body == nil {
		return ""
	}
	sentinels := m.Sentinels()
	found := ""
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || found != "" {
			return false
		}
		rs, ok := n.(*ast.ReturnStmt)
		if !ok {
			return true
		}
		for _, e := range rs.Results {
			s := astutil.ExprString(e)
			last := s[strings.LastIndexByte(s, '.')+1:]
			switch {
			case s == "sql.ErrNoRows" || s == "gorm.ErrRecordNotFound":
				found = s
			case reNotFoundWords.MatchString(sentinels[last]):
				found = s
			}
		}
		return found == ""
	})
	return found
}
