package orders

import (
	"net/http"

	"example.com/app/gin"
)

// Order is a customer's order.
type Order struct {
	ID    string
	Total int
}

// Store reads orders.
type Store interface {
	Order(id string) (*Order, error)
}

// API serves orders.
type API struct{ DB Store }

// List answers every order.
func (a *API) List(ctx *gin.Context) {
	order, err := a.DB.Order("")
	if err != nil {
		ctx.AbortWithError(http.StatusInternalServerError, err)
		return
	}
	ctx.JSON(200, order)
}

//explainerr:failure panic runtime.errorString runtime error: invalid memory address or nil pointer dereference

// Show answers the order of the path.
func (a *API) Show(ctx *gin.Context) {
	order, _ := a.DB.Order(ctx.Param("id"))
	ctx.JSON(200, order.Total) // want `order. comes from` `ctx\.AbortWithError\(http\.StatusInternalServerError, err\)\n\s*return`
}
