package app

import (
	"context"
	"encoding/xml"
	"fmt"
	"time"
)

// rss is an RSS 2.0 document.
type rss struct {
	XMLName xml.Name   `xml:"rss"`
	Version string     `xml:"version,attr"`
	Channel rssChannel `xml:"channel"`
}

type rssChannel struct {
	Title       string    `xml:"title"`
	Link        string    `xml:"link"`
	Description string    `xml:"description"`
	Items       []rssItem `xml:"item"`
}

type rssItem struct {
	Title   string `xml:"title"`
	Link    string `xml:"link"`
	Author  string `xml:"author"`
	PubDate string `xml:"pubDate"`
	GUID    string `xml:"guid"`
}

// feedLimit is the number of posts in the feed.
const feedLimit = 20

// buildFeed returns the RSS feed of the most recent posts; baseURL is the
// site's root, such as "http://127.0.0.1:8000".
func buildFeed(ctx context.Context, store *Store, baseURL string) (*rss, error) {
	posts, err := store.RecentPosts(ctx, feedLimit)
	if err != nil {
		return nil, err
	}
	feed := &rss{Version: "2.0", Channel: rssChannel{
		Title:       "The Breakable Blog",
		Link:        baseURL + "/",
		Description: "Posts about Go, databases and the history of computing.",
	}}
	for _, p := range posts {
		author, err := store.AuthorByID(ctx, p.ID)
		if err != nil {
			return nil, err
		}
		link := fmt.Sprintf("%s/posts/%s", baseURL, p.Slug)
		feed.Channel.Items = append(feed.Channel.Items, rssItem{
			Title:   p.Title,
			Link:    link,
			Author:  fmt.Sprintf("%s (%s)", author.Email, author.Name),
			PubDate: rfc822Date(p.PublishedAt),
			GUID:    link,
		})
	}
	return feed, nil
}

// rfc822Date turns a stored date into the RSS date format.
func rfc822Date(date string) string {
	t, err := time.Parse("2006-01-02", date)
	if err != nil {
		return date
	}
	return t.Format(time.RFC1123Z)
}
