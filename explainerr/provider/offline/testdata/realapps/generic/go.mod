module example.com/generic

go 1.22
