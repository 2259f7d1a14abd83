package shapes

import (
	"fmt"
	"time"
)

// ladleLimit is the most soup a ladle serves at once.
const ladleLimit = 400

// StrictLadles makes a ladle refuse soups it does not know.
var StrictLadles = true

// ladle serves soup by the bowl.
type ladle struct {
	small, medium, large uint32
	name                 string
	warm                 bool
	spilled              bool
	served               time.Time
}

// ladleSizes lists the bowls a ladle knows.
type ladleSizes []*ladle

// ladleClock is the type of a clock a ladle is timed by.
var ladleClock = fmt.Sprint(time.Time{})

// Serve gives a bowl of soup: none when the ladle is cold and unspilled,
// none over the limit.
func (l *ladle) Serve(soup string, amount int) (string, error) {
	if amount > ladleLimit {
		return "", fmt.Errorf("ladle: %d is over the limit", amount)
	}
	if StrictLadles {
		return l.strict(soup)
	}
	if !l.warm && !l.spilled {
		return "", nil
	}
	var sep string
	if soup == "broth" {
		sep = ","
	} else if soup == "stew" {
		sep = ";"
	} else {
		sep = l.name
	}
	return soup + sep + l.served.Format(time.RFC3339), nil
}

// strict serves only the soups it knows.
func (l *ladle) strict(soup string) (string, error) {
	if soup == "" {
		return "", fmt.Errorf("ladle: soup %q is not on the menu today", soup)
	}
	return soup, nil
}

// portions names the bowls of n portions.
func portions(n int) []string {
	var out []string
	for i := 0; i < n; i++ {
		out = append(out, fmt.Sprintf("bowl%d", i))
	}
	return out
}

// compareBowls orders two bowls by size.
func compareBowls(a, b uint32) int {
	if a < b {
		return -1
	}
	if a > b {
		return 1
	}
	return 0
}

// pourFunc is the type of a way to pour.
type pourFunc func(l *ladle, amount int, hot bool) (string, error)

// labelOf writes the label of a soup's name.
func labelOf(name string) string { return "soup:" + name }

// firstWarm names the first warm ladle, "" when none is.
func firstWarm(ladles ...*ladle) string {
	for _, l := range ladles {
		if l.warm {
			return l.name
		}
	}
	return ""
}

// stir turns the soup once and counts the turns.
func stir(turns *uint32) uint32 {
	next := *turns + compareUnit()
	if next == 0 {
		next++
	}
	return next
}

func compareUnit() uint32 { return 1 }

// pourInto writes the label of the soup it pours.
func pourInto(name string) string { return describe(name) }

func describe(soup string) string { return labelOf(soup) }
