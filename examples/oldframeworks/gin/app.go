package ginapp

import (
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/explainerr/explainerr/handler"
)

// newEngine returns a gin engine as the README wires one (gin.New, the
// route pattern copied for the report), with a route of each kind.
func newEngine() *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(recordRoute, reportErrors)
	r.GET("/exports/:id", gin.WrapH(handler.Func(export)))
	r.GET("/invoices/:id", invoice)
	return r
}

// recordRoute hands gin's route pattern to explainerr.
func recordRoute(c *gin.Context) {
	c.Request.Pattern = c.FullPath()
	c.Next()
}

// reportErrors hands the last error a handler gave gin (c.Error,
// c.AbortWithError) with a 5xx status to explainerr; without explainerr
// (a production build), gin answers as it does.
func reportErrors(c *gin.Context) {
	c.Next()
	if err := c.Errors.Last(); err != nil && c.Writer.Status() >= http.StatusInternalServerError {
		handler.Fail(c.Writer, err.Err, nil)
	}
}

// export is a handler written against handler.Func, mounted on gin.
func export(w http.ResponseWriter, r *http.Request) error {
	return errExportsOff
}

// invoice fails the gin way: an error for the middleware, and a 500.
func invoice(c *gin.Context) {
	c.AbortWithError(http.StatusInternalServerError, errInvoiceStore) //nolint:errcheck // the returned *gin.Error is the same error
}

var (
	errExportsOff   = errors.New("exports are switched off")
	errInvoiceStore = errors.New("the invoice store is read-only")
)
