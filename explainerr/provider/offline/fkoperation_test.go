package offline

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestForeignKeyOnADeleteUnderAMountedRouter: SQLite's bare foreign key
// error on a request whose stack shows only the mount of an operation
// router is explained by the delete the request's operation reached, not
// as a missing parent row.
func TestForeignKeyOnADeleteUnderAMountedRouter(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/locker\n",
		"app.go": `package main

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/danielgtaylor/huma/v2"
	"github.com/go-chi/chi/v5"
)

var db *sql.DB

func router(api http.Handler) http.Handler {
	r := chi.NewRouter()
	r.Handle("/api/v1/*", serveAPI(api))
	return r
}

func serveAPI(api http.Handler) http.HandlerFunc {
	return func(w http.ResponseWriter, req *http.Request) {
		api.ServeHTTP(w, req) //! mount
	}
}

type keyInput struct{ ID uint64 }

func registerKeys(api huma.API) {
	huma.Register(api, huma.Operation{Method: http.MethodDelete, Path: "/api/v1/key"}, func(ctx context.Context, in *keyInput) (*struct{}, error) {
		return nil, destroyKey(in.ID)
	})
}

func destroyKey(id uint64) error {
	_, err := db.Exec("DELETE FROM keys WHERE id = ?", id)
	return err
}
`,
	}
	app := writeMarkedApp(t, files)
	fr := app.frame(t, "mount", "serveAPI.func1")
	fr.Function = "example.com/locker.serveAPI.func1"
	r := statusReport(`{"title":"Internal Server Error","detail":"deleting key","errors":[{"message":"constraint failed: FOREIGN KEY constraint failed (787)"}]}`, fr)
	r.Request = report.Request{Method: "DELETE", URL: "/api/v1/key?id=1", Route: "/api/v1/*"}
	text := Analyze(r)
	mustHave(t, text, "still refer to the row `destroyKey` deletes", "In `destroyKey`, delete (or move) the rows that refer to it first")
	if strings.Contains(text, "before inserting") {
		t.Errorf("a delete's broken foreign key is explained as a missing parent row:\n%s", text)
	}
}
