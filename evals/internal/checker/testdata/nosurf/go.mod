module github.com/justinas/nosurf

go 1.12
