package shapes

import (
	"errors"
	"strconv"
	"strings"
)

// Depot keeps crates by key.
type Depot struct {
	racks  *rack
	strict bool
}

// Load fills dst from src, one key at a time, and returns every error.
func (d *Depot) Load(dst any, src map[string]string) error {
	if dst == nil {
		return errors.New("depot: target must be a non-nil pointer")
	}
	errs := depotErrs{}
	for key, raw := range src {
		if at, err := d.racks.find(key, raw); err == nil {
			errs[key] = d.place(at, raw)
		} else if d.strict {
			errs[key] = StrayKeyError{Key: key}
		}
	}
	errs.absorb(d.fillDefaults(src))
	errs.absorb(d.verifyRequired(src))
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// Save is Load's reverse.
func (d *Depot) Save(src any) error {
	if src == nil {
		return errors.New("depot: target must be a struct")
	}
	return nil
}

func (d *Depot) place(at int, raw string) error {
	if at < 0 {
		return errors.New("depot: no place for " + raw)
	}
	return nil
}

// fillDefaults splits each default on "|".
func (d *Depot) fillDefaults(src map[string]string) depotErrs {
	errs := depotErrs{}
	for key := range src {
		d.racks.get(key)
		for _, v := range strings.Split(d.racks.defaults(key), "|") {
			if v == "" {
				errs[key] = errors.New("empty default")
			}
		}
	}
	return errs
}

func (d *Depot) verifyRequired(src map[string]string) depotErrs {
	errs := depotErrs{}
	for key, raw := range src {
		if raw == "" {
			errs[key] = MissingKeyError{Key: key}
		}
	}
	return errs
}

// weigh writes a weight with three decimals.
func weigh(v float64) string {
	return strconv.FormatFloat(v, 'f', 3, 64)
}

// rackOptions are the options of a rack's tag.
type rackOptions []string

// fallback is the value after "fallback:", or "" without one.
func (o rackOptions) fallback() string {
	for _, s := range o {
		if strings.HasPrefix(s, "fallback:") {
			return strings.Split(s, ":")[1]
		}
	}
	return ""
}

// crate embeds a pointer, and labelled a value.
type crate struct {
	*rack
	label string
}

type labelled struct {
	rackOptions
	note string
}

// get is the option at i: a second method called get.
func (o rackOptions) get(i int) string { return o[i] }
