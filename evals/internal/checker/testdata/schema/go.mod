module github.com/gorilla/schema

go 1.20
