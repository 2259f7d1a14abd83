package appsource

import (
	"go/ast"
	"iter"
	"reflect"
	"strconv"
	"strings"
	"unicode"
)

// SnakeCase writes a Go field name as gorm names its column:
// ApplicationID is application_id, HTTPCode is http_code.
func SnakeCase(name string) string {
	rs := []rune(name)
	var b strings.Builder
	for i, r := range rs {
		if unicode.IsUpper(r) {
			prevLower := i > 0 && (unicode.IsLower(rs[i-1]) || unicode.IsDigit(rs[i-1]))
			nextLower := i > 0 && i+1 < len(rs) && unicode.IsLower(rs[i+1]) && unicode.IsUpper(rs[i-1])
			if prevLower || nextLower {
				b.WriteByte('_')
			}
			b.WriteRune(unicode.ToLower(r))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// GormTable is the table gorm names for a model type by default: its
// name in snake_case, made plural (Post: posts, Category: categories).
func GormTable(typeName string) string {
	s := SnakeCase(typeName)
	switch {
	case strings.HasSuffix(s, "y") && len(s) > 1 && !strings.ContainsRune("aeiou", rune(s[len(s)-2])):
		return s[:len(s)-1] + "ies"
	case strings.HasSuffix(s, "s") || strings.HasSuffix(s, "x") || strings.HasSuffix(s, "z") || strings.HasSuffix(s, "ch") || strings.HasSuffix(s, "sh"):
		return s + "es"
	}
	return s + "s"
}

// TaggedFields yields the fields of a struct type that have one name and
// a tag, with the tag unquoted: the fields an ORM, a validator or a
// settings loader reads by their tags.
func TaggedFields(st *ast.StructType) iter.Seq2[*ast.Field, reflect.StructTag] {
	return func(yield func(*ast.Field, reflect.StructTag) bool) {
		for _, fl := range st.Fields.List {
			if fl.Tag == nil || len(fl.Names) != 1 {
				continue
			}
			tag, err := strconv.Unquote(fl.Tag.Value)
			if err != nil {
				continue
			}
			if !yield(fl, reflect.StructTag(tag)) {
				return
			}
		}
	}
}

// GormColumn is the column gorm maps a struct field to: the column its
// tag names (`gorm:"column:team_name"`), else its name in snake_case;
// "" for an embedded field.
func GormColumn(fl *ast.Field) string {
	if len(fl.Names) != 1 {
		return ""
	}
	if fl.Tag != nil {
		if raw, err := strconv.Unquote(fl.Tag.Value); err == nil {
			if c := gormColumn.FindStringSubmatch(reflect.StructTag(raw).Get("gorm")); c != nil {
				return c[1]
			}
		}
	}
	return SnakeCase(fl.Names[0].Name)
}
