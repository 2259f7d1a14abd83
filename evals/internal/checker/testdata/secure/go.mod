module github.com/unrolled/secure

go 1.13
