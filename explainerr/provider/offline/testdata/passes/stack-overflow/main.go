package main

// Comment is a reply to a post or to another comment.
type Comment struct {
	Parent *Comment
}

//explainerr:failure crash runtime: goroutine stack exceeds 1000000000-byte limit

// depth counts the comment's ancestors.
func depth(c *Comment) int {
	return 1 + depth(c.Parent) // want `Stack overflow: unbounded recursion` `give it a base case`
}
