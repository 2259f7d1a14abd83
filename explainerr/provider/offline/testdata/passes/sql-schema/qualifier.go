package main

import "net/http"

//explainerr:failure error *pq.Error pq: missing FROM-clause entry for table "post"

// Headline answers a post's title in capitals.
func (s *Store) Headline(w http.ResponseWriter, r *http.Request) error {
	var t string
	return s.db.QueryRow("SELECT upper(post.title) FROM posts WHERE id = $1", r.FormValue("id")).Scan(&t) // want `.post. qualifies a column, and the query's FROM clause has no table or alias of that name` `.post. → .posts.`
}
