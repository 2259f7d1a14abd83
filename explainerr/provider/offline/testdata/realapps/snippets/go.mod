module example.com/snippets

go 1.22
