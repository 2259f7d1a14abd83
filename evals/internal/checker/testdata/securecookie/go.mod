module github.com/gorilla/securecookie

go 1.20
