package checker

import "testing"

// TestShapesOfTheOfflineAnalyzersWords drives, through CheckText, the
// ways the offline analyzer writes places that real apps' explanations
// showed the checker misread (testdata/shapes/kiosk_handlers.go): a
// method written as a trace writes it with its declaration's line right
// beside it, late in a long clause; a function literal's trace name; a
// request line; a file of the standard library; and a call in a method
// whose name it shares, beside a function with a local of the same name.
func TestShapesOfTheOfflineAnalyzersWords(t *testing.T) {
	checkCases(t, shapes(t), []classCase{
		{"method beside its line", "Its words `create: product[%s]: %w` are written at `(*KioskHandlers).Create` (`kiosk_handlers.go:26`): `return fmt.Errorf(\"create: product[%s]: %w\", r.FormValue(\"name\"), err)`, about the error of `kiosk_handlers.go:24`: `id, err := h.product.Create(r.FormValue(\"name\"))`, which reaches `(*Products).Create` (`kiosk_handlers.go:12`).", false},
		{"method beside its line", "Its words `create: product[%s]: %w` are written at `(*KioskHandlers).Create` (`kiosk_handlers.go:26`): `return fmt.Errorf(\"create: product[%s]: %w\", r.FormValue(\"name\"), err)`, about the error of `kiosk_handlers.go:24`: `id, err := h.product.Create(r.FormValue(\"name\"))`, which reaches `(*Products).Create` (`kiosk_handlers.go:20`).", true},
		{"function literal's trace name", "The error handler passed it on at `kiosk_handlers.go:38` in `shapes.serveKiosk.func1` (a function literal inside `shapes.serveKiosk`).", false},
		{"request line", "The error was returned by the handler of `POST /products/7a1f`, which had returned by the time the error handler passed it on at `kiosk_handlers.go:38` in `serveKiosk.func1`.", false},
		{"standard library file", "The panic was raised again at `http/server.go:3842` in `http.(*timeoutHandler).ServeHTTP`, which had recovered it.", false},
		{"a call in a method of its name", "Its words are written at `serveKiosk` (`kiosk_handlers.go:34`) and at `(*KioskHandlers).Create` (`kiosk_handlers.go:26`), about the error of `id, err := h.product.Create(r.FormValue(\"name\"))`.", false},
	})
}

// TestShapesOfDecodedAndDatabaseNames: a struct field named by the path
// of json tags an encoding/json error writes (a tag may hold a dot), and
// a constraint name PostgreSQL makes from a table and a column of the
// module's SQL, are names of the code; others are not.
func TestShapesOfDecodedAndDatabaseNames(t *testing.T) {
	checkCases(t, shapes(t), []classCase{
		{"json path", "The JSON has an array where `KioskSettings.privacy.exportable` has Go type `bool`.", false},
		{"json path", "The JSON has a string where `KioskSettings.display.columns` has Go type `int`.", false},
		{"json path", "The JSON has an array where `KioskSettings.privacy.exported` has Go type `bool`.", true},
		{"constraint name", "The insert violates `tickets_code_key`, the unique constraint on the code.", false},
		{"constraint name", "The insert violates `tickets_serial_key`, the unique constraint on the serial.", true},
	})
}
