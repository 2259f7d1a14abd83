package offline

import "testing"

func TestShortFunction(t *testing.T) {
	for in, want := range map[string]string{
		"example.com/app/store.(*Store).Get":                        "(*Store).Get",
		"main.handlePost.func1":                                     "handlePost.func1",
		"example.com/blog/app.(*Server).routes.(*Server).handle.f1": "(*Server).handle.f1",
		"main.main": "main",
		"example.com/app/work.(*Pool[go.shape.*example.com/app/work.Task]).run":                "(*Pool[...]).run",
		"example.com/app/work.(*Pool[go.shape.*example.com/app/work.Task]).run.func1":          "(*Pool[...]).run.func1",
		"example.com/app/work.Map[go.shape.string,go.shape.[]example.com/app/work.Item].func2": "Map[...].func2",
		"example.com/app/work.(*Pool[...]).run":                                                "(*Pool[...]).run",
		"example.com/app/cmd.glob..func6":                                                      "glob..func6",
	} {
		if got := shortFunction(in); got != want {
			t.Errorf("shortFunction(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestClosest(t *testing.T) {
	words := []string{"Author", "Title", "author", "body"}
	for _, tc := range []struct{ word, want string }{
		{"Auther", "Author"}, {"auther", "author"}, {"Titel", "Title"}, {"zzz", ""}, {"Title", ""},
	} {
		if got := closest(tc.word, words, 2); got != tc.want {
			t.Errorf("closest(%q) = %q, want %q", tc.word, got, tc.want)
		}
	}
}

// TestCallName: the function an assignment's value comes from is the
// outermost call of its expression, not the first of a chain.
func TestCallName(t *testing.T) {
	for in, want := range map[string]string{
		"s.store.FeaturedPost(ctx)":               "FeaturedPost",
		"s.db().LastMessage(channel)":             "LastMessage",
		"s.db().FirstPoster(r.Context(), ch)":     "FirstPoster",
		"json.NewDecoder(r.Body).Decode(&v)":      "Decode",
		"strconv.Atoi(r.URL.Query().Get(\"id\"))": "Atoi",
		"load[T](ctx)":                            "load",
		"(s.find)(id)":                            "find",
		"r.Context().Value(key).(string)":         "Context",
		"not a valid ( expression":                "valid",
		// A line that assigns: its value's outermost call.
		"user, err := s.db().FirstPoster(r.Context(), ch)":  "FirstPoster",
		"if err := s.store().Save(ctx, p); err != nil {":    "Save",
		"n, err = s.db().Count(ctx) // counts the messages": "Count",
		"x + 1": "",
	} {
		if got := callName(in); got != want {
			t.Errorf("callName(%q) = %q, want %q", in, got, want)
		}
	}
}
