module github.com/rs/cors

go 1.23.0
