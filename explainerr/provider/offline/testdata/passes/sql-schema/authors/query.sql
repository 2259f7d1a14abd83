-- name: GetAuthor :one
SELECT id, nmae FROM authors
WHERE id = ? LIMIT 1;
