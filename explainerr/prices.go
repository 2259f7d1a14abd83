package explainerr

import (
	"fmt"
	"math"
	"sort"
	"strings"
)

// checkPrices returns an error naming the first entry of WithPrices (in
// name order) that cannot price anything: a model without a name, or a
// price that is negative or not a number.
func checkPrices(prices map[string]Price) error {
	names := make([]string, 0, len(prices))
	for name := range prices {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		p := prices[name]
		switch {
		case strings.TrimSpace(name) == "":
			return fmt.Errorf("explainerr: WithPrices: a price without a model name")
		case !validPrice(p.InputPerMTok) || !validPrice(p.OutputPerMTok):
			return fmt.Errorf("explainerr: WithPrices: the price of %q (%g in, %g out per million tokens) must be a number of dollars, 0 or more", name, p.InputPerMTok, p.OutputPerMTok)
		}
	}
	return nil
}

func validPrice(usd float64) bool { return usd >= 0 && !math.IsInf(usd, 1) }
