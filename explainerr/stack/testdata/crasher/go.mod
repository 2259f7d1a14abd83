module example.com/crasher

go 1.22
