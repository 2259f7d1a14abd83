package appsource

import (
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

// TestGeneratedUniqueValue: a unique violation on a column the app fills
// from its own generator brings the function that draws from a source
// seeded with a constant, as a lead after the innermost frame, and the
// generator after it.
func TestGeneratedUniqueValue(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/invites\n",
		"codes/codes.go": `package codes

import "math/rand"

var source = rand.New(rand.NewSource(99))

const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

func letters(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[source.Intn(len(alphabet))]
	}
	return string(b)
}

func InviteCode() string { return letters(8) }
`,
		"web/invite.go": `package web

import (
	"database/sql"
	"net/http"

	"example.com/invites/codes"
)

type Invite struct {
	Email     string
	Code      string
}

type Server struct{ db *sql.DB }

func (s *Server) invite(w http.ResponseWriter, r *http.Request) {
	inv := Invite{Email: r.FormValue("email"), Code: codes.InviteCode()}
	if _, err := s.db.Exec("INSERT INTO invites (email, code) VALUES (?, ?)", inv.Email, inv.Code); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
}
`,
	})
	r := shelfReport(root, "UNIQUE constraint failed: invites.code",
		report.Frame{Function: "example.com/invites/web.(*Server).invite", File: "web/invite.go", Line: 19})
	cs := Static(r)
	if len(cs) < 3 || cs[1].Symbol != "letters" || cs[1].Reason != report.ReasonOrigin || cs[2].Symbol != "InviteCode" {
		t.Fatalf("want the seeded drawer then the generator after the frame, got %v", reasonsInOrder(cs))
	}
	// The email the client sent is no generated value.
	r = shelfReport(root, "UNIQUE constraint failed: invites.email", r.Frames[0])
	for _, c := range Static(r) {
		if c.Symbol == "letters" || c.Symbol == "InviteCode" {
			t.Errorf("a generator is shown for the client's own value: %v", reasonsInOrder(Static(r)))
		}
	}
}

// TestCipherKeySize: a key crypto/aes refused brings the function that
// makes the cipher from the app's secret, as a lead, though no frame
// reaches it.
func TestCipherKeySize(t *testing.T) {
	root := writeModule(t, map[string]string{
		"go.mod": "module example.com/vault\n",
		"seal/seal.go": `package seal

import (
	"crypto/aes"
	"crypto/cipher"
)

type Sealer struct{ gcm cipher.AEAD }

func New(secret string) (*Sealer, error) {
	block, err := aes.NewCipher([]byte(secret))
	if err != nil {
		return nil, err
	}
	gcm, err := cipher.NewGCM(block)
	return &Sealer{gcm: gcm}, err
}
`,
		"web/web.go": `package web

import "net/http"

func failed(w http.ResponseWriter, err error) {
	http.Error(w, err.Error(), http.StatusInternalServerError)
}
`,
	})
	r := shelfReport(root, "crypto/aes: invalid key size 20",
		report.Frame{Function: "example.com/vault/web.failed", File: "web/web.go", Line: 6})
	cs := Static(r)
	if len(cs) < 2 || cs[1].Symbol != "New" || cs[1].Reason != report.ReasonSetting {
		t.Fatalf("want seal.New as the setting after the frame, got %v", reasonsInOrder(cs))
	}
}
