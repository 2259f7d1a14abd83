module github.com/urfave/negroni/v3

go 1.17
