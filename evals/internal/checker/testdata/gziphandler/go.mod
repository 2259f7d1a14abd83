module github.com/NYTimes/gziphandler

go 1.11
