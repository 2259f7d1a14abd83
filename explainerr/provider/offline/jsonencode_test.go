package offline

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// commentListSrc averages over a list that may be empty and encodes the
// result: 0/0 in floats is NaN, which encoding/json refuses.
const commentListSrc = `
package articles

func ArticleCommentList(c *gin.Context) {
	total := 0
	for _, cm := range article.Comments {
		total += len(cm.Body)
	}
	avgLen := float64(total) / float64(len(article.Comments))
	c.JSON(http.StatusOK, gin.H{"comments": comments, "avgLength": avgLen}) //!
}
`

// TestJSONUnsupportedValue: "json: unsupported value: NaN" is recognised
// and traced to the float division whose result the line encodes; an
// unsupported type is recognised too.
func TestJSONUnsupportedValue(t *testing.T) {
	frames := []report.Frame{
		libFrame(report.FrameDependency, "github.com/gin-gonic/gin.(*Context).Render", "/root/go/pkg/mod/github.com/gin-gonic/gin@v1.8.1/context.go", 911),
		libFrame(report.FrameDependency, "github.com/gin-gonic/gin.(*Context).JSON", "/root/go/pkg/mod/github.com/gin-gonic/gin@v1.8.1/context.go", 954),
		appFrame(t, "example.com/realworld/articles.ArticleCommentList", "articles/routers.go", commentListSrc),
	}
	r := panicReport("*json.UnsupportedValueError", "json: unsupported value: NaN", frames...)
	text := Analyze(r)
	if class, _ := Recognize(r); class != ClassJSONEncode {
		t.Errorf("class %q, want %q:\n%s", class, ClassJSONEncode, text)
	}
	checkClaims(t, text,
		[]string{"cannot encode a float that is `NaN`", "`avgLen := float64(total) / float64(len(article.Comments))`", "if float64(len(article.Comments)) != 0 {"},
		[]string{"does not recognise"})

	r = panicReport("*json.UnsupportedTypeError", "json: unsupported type: chan int", frames...)
	text = Analyze(r)
	checkClaims(t, text, []string{"unsupported type `chan int`", "`json:\"-\"`"}, []string{"does not recognise"})
}
