package echoapp

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/explainerr/explainerr/handler"
)

// newEcho returns an echo instance as the README wires one: no Recover,
// the route pattern copied for the report, and an error handler that hands
// returned errors to explainerr.
func newEcho() *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HTTPErrorHandler = reportErrors(e)
	e.Use(recordRoute)
	e.GET("/users/:name/avatar", avatar)
	return e
}

// recordRoute hands echo's route pattern to explainerr.
func recordRoute(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		c.Request().Pattern = c.Path()
		return next(c)
	}
}

// reportErrors is the README's error handler: errors handlers return, and
// 5xx HTTPErrors, go to explainerr; echo answers the rest.
func reportErrors(e *echo.Echo) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		var he *echo.HTTPError
		if errors.As(err, &he) && he.Code < http.StatusInternalServerError || !handler.Fail(c.Response(), err, nil) {
			e.DefaultHTTPErrorHandler(err, c)
		}
	}
}

// avatar serves a user's picture; none is stored yet.
func avatar(c echo.Context) error {
	return fmt.Errorf("loading the avatar of %s: %w", c.Param("name"), errNoStorage)
}

// errNoStorage is the error of a store that is not set up.
var errNoStorage = errors.New("no picture storage is configured")
