package main

import "gorm.io/gorm"

// Label is a tag of a post.
type Label struct {
	ID     uint
	PostID uint
	Text   string
}

// Post is a blog post with its labels.
type Post struct {
	ID     uint
	Title  string
	Labels []Label
}

//explainerr:failure error *errors.errorString Lables: unsupported relations for schema Post

// Recent loads the latest posts with their labels.
func Recent(db *gorm.DB) ([]Post, error) {
	var posts []Post
	err := db.Order("id DESC").Limit(10).Preload("Lables").Find(&posts).Error // want `cannot load .Lables.: .Post. declares no such relation` `has a field .Labels.` `name the field as the struct spells it: .Labels.`
	return posts, err
}
