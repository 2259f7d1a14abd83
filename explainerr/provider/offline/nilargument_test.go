package offline

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// petFiles save a pet parsed from the request's form, the parse's error
// dropped (or checked, with checked), through a store whose ORM refuses
// a nil pointer.
func petFiles(checked bool) map[string]string {
	parse := "pet, _ := parsePet(r)"
	if checked {
		parse = "pet, err := parsePet(r)\n\tif err != nil {\n\t\thttp.Error(w, err.Error(), http.StatusBadRequest)\n\t\treturn\n\t}"
	}
	return map[string]string{
		"go.mod": "module example.com/pets\n\ngo 1.22\n",
		"web/pets.go": `package web

import (
	"errors"
	"log"
	"net/http"
)

// Pet is a pet.
type Pet struct{ Name string }

// Store saves pets.
type Store interface{ Save(p *Pet) error }

func parsePet(r *http.Request) (*Pet, error) {
	name := r.FormValue("name")
	if name == "" {
		return nil, errors.New("a pet needs a name")
	}
	return &Pet{Name: name}, nil
}

// Add adds a pet.
func Add(s Store) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		` + parse + `
		err := s.Save(pet)
		if err != nil {
			log.Printf("saving pet: %v", err)
			http.Error(w, "internal error", http.StatusInternalServerError) //! save
		}
	}
}
`,
	}
}

// TestNilArgumentFromADroppedError: an ORM's words for a nil value it was
// given, logged for the call the handler made, lead to the argument the
// handler kept from a call whose error it dropped; the dropped error is
// the fix. With the error checked, no such cause is claimed.
func TestNilArgumentFromADroppedError(t *testing.T) {
	for _, checked := range []bool{false, true} {
		app := writeMarkedApp(t, petFiles(checked))
		r := statusReport("internal error\n", app.frame(t, "save", "example.com/pets/web.Add.func1"))
		r.Logs = []report.LogLine{{Text: "2026/12/03 10:00:00 saving pet: invalid value, should be pointer to struct or slice"}}
		text := Analyze(r)
		if checked {
			mustLack(t, text, "was dropped", "instead of discarding it")
			continue
		}
		mustHave(t, text, "`pet` is nil", "`invalid value, should be pointer to struct or slice`", "drops the error of `parsePet(r)`",
			"Check the error of `parsePet(r)` at `pets.go:26`")
		if strings.Contains(text, "does not recognise") {
			t.Errorf("the class is still called unknown:\n%s", text)
		}
	}
}
