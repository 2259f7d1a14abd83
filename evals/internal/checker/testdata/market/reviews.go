package market

import "strings"

// Review is one shopper's opinion of a product.
type Review struct {
	Author string
	Stars  int
	Body   string
}

// averageStars returns the mean star count of reviews, rounded down. The
// page shows it next to the number of ratings.
func averageStars(reviews []Review) int {
	total := 0
	for _, r := range reviews {
		total += r.Stars
	}
	return total / len(reviews)
}

// shortAuthor returns the first word of a review's author.
func shortAuthor(r Review) string {
	first, _, _ := strings.Cut(r.Author, " ")
	return first
}
