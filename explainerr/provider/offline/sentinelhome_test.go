package offline

import (
	"go/parser"
	"go/token"
	"testing"
)

func TestASentinelIsMatchedWithinItsOwnPackage(t *testing.T) {
	fset := token.NewFileSet()
	parse := func(path, src string) *appFile {
		f, err := parser.ParseFile(fset, path, src, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		return &appFile{path: path, parsed: f}
	}
	s := &appSource{fset: fset, files: []*appFile{
		parse("/m/blog/app/handlers.go", "package app\n"),
		parse("/m/blog/app/store.go", "package app\n"),
		parse("/m/shop/web/errors.go", "package web\nimport \"example.com/m/shop/domain\"\n"),
		parse("/m/shop/store/customers.go", "package store\nimport dom \"example.com/m/shop/domain\"\n"),
	}}
	blogCheck := s.homeOf("/m/blog/app/handlers.go", "ErrNotFound")
	shopCheck := s.homeOf("/m/shop/web/errors.go", "domain.ErrNotFound")
	blogWrap := s.homeOf("/m/blog/app/store.go", "ErrNotFound")
	shopWrap := s.homeOf("/m/shop/store/customers.go", "dom.ErrNotFound")
	for _, tc := range []struct {
		name        string
		check, wrap sentinelHome
		want        bool
	}{
		{"the blog's check, the blog's wrap", blogCheck, blogWrap, true},
		{"the blog's check, the shop's wrap", blogCheck, shopWrap, false},
		{"the shop's check, the shop's wrap under another import name", shopCheck, shopWrap, true},
		{"the shop's check, the blog's wrap", shopCheck, blogWrap, false},
		{"a qualifier that is no import", s.homeOf("/m/blog/app/store.go", "x.ErrNotFound"), shopWrap, true},
		{"a bare name in the sentinel's own package", s.homeOf("/m/shop/domain/errors.go", "ErrNotFound"), shopCheck, true},
	} {
		if got := sameHome(tc.check, tc.wrap); got != tc.want {
			t.Errorf("%s: sameHome = %v, want %v", tc.name, got, tc.want)
		}
	}
}
