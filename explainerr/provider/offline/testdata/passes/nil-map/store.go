package main

// Store counts the views of each post.
type Store struct {
	views map[int]int
}

// NewStore returns an empty store.
func NewStore() *Store {
	return &Store{}
}

//explainerr:failure panic runtime.plainError assignment to entry in nil map

// View counts one view of post id.
func (s *Store) View(id int) {
	s.views[id]++ // want `Assignment to entry in nil map .s\.views.` `built without creating .views. at .NewStore. \(.store\.go:10.\)` `views: make\(map\[int\]int\),`
}
