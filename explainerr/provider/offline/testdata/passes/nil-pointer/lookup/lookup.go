package lookup

import (
	"database/sql"
	"errors"
	"net/http"
)

// Device is a registered device.
type Device struct{ Owner string }

// Devices reads devices.
type Devices struct{ db *sql.DB }

// ByID returns the device with id, or nil when there is none.
func (d *Devices) ByID(id string) (*Device, error) {
	dev := new(Device)
	err := d.db.QueryRow("SELECT owner FROM devices WHERE id = ?", id).Scan(&dev.Owner)
	if errors.Is(err, sql.ErrNoRows) {
		err = nil
	}
	if dev.Owner != "" {
		return dev, err
	}
	return nil, err
}

//explainerr:failure panic runtime.errorString runtime error: invalid memory address or nil pointer dereference

// Owner answers the owner of the device of the path.
func (d *Devices) Owner(w http.ResponseWriter, r *http.Request) {
	dev, err := d.ByID(r.PathValue("id"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Write([]byte(dev.Owner)) // want `.ByID. returns .nil. with a .nil. error at .\(\*Devices\)\.ByID. \(.lookup\.go:25.\)` `Handle a .nil. .dev. before this line`
}
