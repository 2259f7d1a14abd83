module example.com/market

go 1.22
