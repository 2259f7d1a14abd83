// Package gin stands for the web framework: its handlers answer through
// the context they are given, not a response writer.
package gin

// Context is a request's context.
type Context struct{}

// Param returns a path parameter.
func (c *Context) Param(string) string { return "" }

// AbortWithError stops the chain with status and err.
func (c *Context) AbortWithError(status int, err error) {}

// AbortWithStatus stops the chain with status.
func (c *Context) AbortWithStatus(status int) {}

// JSON writes v as JSON.
func (c *Context) JSON(status int, v any) {}
