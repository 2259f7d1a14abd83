module example.com/boards

go 1.22
