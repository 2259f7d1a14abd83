package app

import (
	"html/template"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// templateFuncs are the functions every template may call.
func templateFuncs() template.FuncMap {
	return template.FuncMap{
		"excerpt":   excerpt,
		"title":     titleCase,
		"date":      formatDate,
		"datetime":  formatDateTime,
		"pluralize": pluralize,
	}
}

// excerpt returns the first n characters of s, cut at a word boundary and
// followed by an ellipsis when something was cut.
func excerpt(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	cut := string([]rune(s)[:n])
	if i := strings.LastIndexByte(cut, ' '); i > 0 {
		cut = cut[:i]
	}
	return cut + "…"
}

// titleCase upper-cases the first letter of every word.
func titleCase(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		r, size := utf8.DecodeRuneInString(w)
		words[i] = strings.ToUpper(string(r)) + w[size:]
	}
	return strings.Join(words, " ")
}

// formatDate turns a stored date ("2006-01-02") into "January 2, 2006".
func formatDate(date string) string {
	t, err := time.Parse("2006-01-02", date)
	if err != nil {
		return date
	}
	return t.Format("January 2, 2006")
}

// formatDateTime formats a comment time.
func formatDateTime(t time.Time) string {
	return t.Format("Jan 2, 2006 at 15:04")
}

// pluralize returns "1 post" or "3 posts".
func pluralize(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// initials returns the initials of a first and last name, for the avatar
// on author pages: "Grace Hopper" is "GH".
func initials(name string) string {
	parts := strings.Fields(name)
	first, _ := utf8.DecodeRuneInString(parts[0])
	last, _ := utf8.DecodeRuneInString(parts[1])
	return strings.ToUpper(string(first) + string(last))
}

// paginate splits posts into pages of size perPage; there is always at
// least one page.
func paginate(posts []Post, perPage int) [][]Post {
	pages := [][]Post{}
	for len(posts) > perPage {
		pages = append(pages, posts[:perPage])
		posts = posts[perPage:]
	}
	return append(pages, posts)
}
