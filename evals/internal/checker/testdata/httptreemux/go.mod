module github.com/dimfeld/httptreemux/v5

go 1.9
