module example.com/mainshop

go 1.22
