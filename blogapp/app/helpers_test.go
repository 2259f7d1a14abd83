package app

import (
	"reflect"
	"testing"
	"time"
)

func TestExcerpt(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"one two three four", 9, "one two…"},
		{"ünïcödé wörds here", 8, "ünïcödé…"},
	} {
		if got := excerpt(tc.in, tc.n); got != tc.want {
			t.Errorf("excerpt(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}

func TestTitleCaseAndPluralize(t *testing.T) {
	if got := titleCase("error handling  in go"); got != "Error Handling In Go" {
		t.Errorf("titleCase = %q", got)
	}
	if got := pluralize(1, "post"); got != "1 post" {
		t.Errorf("pluralize(1) = %q", got)
	}
	if got := pluralize(12, "post"); got != "12 posts" {
		t.Errorf("pluralize(12) = %q", got)
	}
}

func TestDates(t *testing.T) {
	if got := formatDate("2024-03-18"); got != "March 18, 2024" {
		t.Errorf("formatDate = %q", got)
	}
	if got := formatDate("soon"); got != "soon" {
		t.Errorf("formatDate of a malformed date = %q", got)
	}
	at := time.Date(2024, 1, 2, 15, 4, 0, 0, time.UTC)
	if got := parseTime(nullTime(at).(string)); !got.Equal(at) {
		t.Errorf("stored time round trip: %v", got)
	}
	if nullTime(time.Time{}) != nil {
		t.Error("the zero time should be stored as NULL")
	}
}

func TestInitialsOfTwoNames(t *testing.T) {
	if got := initials("grace hopper"); got != "GH" {
		t.Errorf("initials = %q", got)
	}
}

func TestPaginate(t *testing.T) {
	posts := make([]Post, 7)
	for i := range posts {
		posts[i].ID = int64(i)
	}
	pages := paginate(posts, 3)
	var sizes []int
	for _, p := range pages {
		sizes = append(sizes, len(p))
	}
	if !reflect.DeepEqual(sizes, []int{3, 3, 1}) {
		t.Errorf("page sizes %v", sizes)
	}
	if pages := paginate(nil, 3); len(pages) != 1 || len(pages[0]) != 0 {
		t.Errorf("no posts: %d pages", len(pages))
	}
}
