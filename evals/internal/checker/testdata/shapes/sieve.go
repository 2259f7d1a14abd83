package shapes

import (
	"errors"
	"strconv"
)

// errBadNumber says an element is no number.
var errBadNumber = errors.New("shapes: bad number")

// parseAll converts each element and stops at the first that fails.
func parseAll(raw []string) ([]int, error) {
	var out []int
	for _, s := range raw {
		n, err := strconv.Atoi(s)
		if err != nil {
			return nil, errBadNumber
		}
		out = append(out, n)
	}
	return out, nil
}

// parseSome converts each element, records a failing one and goes on.
func parseSome(raw []string) ([]int, []error) {
	var out []int
	var errs []error
	for _, s := range raw {
		n, err := strconv.Atoi(s)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out = append(out, n)
	}
	return out, errs
}

// sumAll adds every element, a switch over its sign inside.
func sumAll(nums []int) int {
	total := 0
	for i := 0; i < len(nums); i++ {
		switch {
		case nums[i] < 0:
			break
		default:
			total += nums[i]
		}
	}
	return total
}

// fillAll fills each slot from its defaults: a slot without defaults is
// skipped, and the first default that is no number ends that slot.
func fillAll(slots map[string][]string) map[string][]int {
	out := map[string][]int{}
	for name, defs := range slots {
		if len(defs) == 0 {
			continue
		}
		for _, d := range defs {
			n, err := strconv.Atoi(d)
			if err != nil {
				break
			}
			out[name] = append(out[name], n)
		}
	}
	return out
}
