package shapes

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

// vaultError is an error with a kind and a text.
type vaultError struct {
	kind int
	text string
}

func (e vaultError) Error() string { return "vault: " + e.text }

var (
	errSealed = vaultError{kind: 1, text: "the vault is sealed"}
	errNoKey  = errors.New("no key in the box")
	errBadBox = fmt.Errorf("bad box: %w", io.ErrUnexpectedEOF)
)

// Opener opens boxes.
type Opener interface {
	OpenBox(box string) ([]byte, error)
	Boxes() int
}

// Vault holds boxes.
type Vault struct {
	capacity int
	tries    int64
	label    string
	sealed   bool
}

// NewVault builds a vault with its defaults.
func NewVault(label string) *Vault {
	v := &Vault{
		capacity: 512,
		tries:    60 * 3,
		label:    label,
	}
	return v
}

// Grow sets the capacity to n.
func (v *Vault) Grow(n int) *Vault {
	v.capacity = n
	return v
}

// OpenBox checks the box's sum, then unwraps it.
func (v *Vault) OpenBox(box string) ([]byte, error) {
	if v.sealed {
		return nil, errSealed
	}
	body, err := checkSum(box)
	if err != nil {
		return nil, err
	}
	plain := unwrap(body)
	return plain, nil
}

// Boxes counts nothing yet.
func (v *Vault) Boxes() int { return 0 }

// checkSum cuts the sum off a box.
func checkSum(box string) (string, error) {
	i := strings.LastIndex(box, "#")
	if i < 0 {
		return "", errNoKey
	}
	return box[:i], nil
}

// unwrap takes the prefix off a body.
func unwrap(body string) []byte { return []byte(strings.TrimPrefix(body, "box:")) }

// Pad returns n bytes read from r, or nil when r runs short.
func Pad(r io.Reader, n int) []byte {
	p := make([]byte, n)
	if _, err := io.ReadFull(r, p); err != nil {
		return nil
	}
	return p
}

// Seal stamps data with its length.
func (v *Vault) Seal(data []byte) string {
	stamp := len(data)
	return fmt.Sprintf("box:%s#%d", data, stamp)
}

// Plain packs bytes as they are.
type Plain struct{}

// Zipped packs bytes behind a marker.
type Zipped struct{}

// Pack refuses an empty input.
func (Plain) Pack(b []byte) ([]byte, error) {
	if len(b) == 0 {
		return nil, vaultError{kind: 2}
	}
	return b, nil
}

// Pack refuses an empty input too.
func (Zipped) Pack(b []byte) ([]byte, error) {
	if len(b) == 0 {
		return nil, vaultError{kind: 3}
	}
	return append([]byte("z"), b...), nil
}

// Sweep unwraps each box, then checks its sum, in one loop.
func Sweep(boxes []string) int {
	opened := 0
	for _, b := range boxes {
		unwrap(b)
		if _, err := checkSum(b); err == nil {
			opened++
		}
	}
	return opened
}

// Write counts p without keeping it: it has no error to report.
func (v *Vault) Write(p []byte) int { return len(p) }

// Copy reports whether src fits in dst, named like io.Copy.
func Copy(dst, src []byte) bool { return len(src) <= len(dst) }

// wrap puts the prefix back on a body, unless it is empty.
func wrap(body string) string {
	if body == "" {
		return body
	}
	return "box:" + body
}
