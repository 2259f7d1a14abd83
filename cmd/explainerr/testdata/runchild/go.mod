module example.com/runchild

go 1.22
