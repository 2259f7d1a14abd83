package main

import (
	"fmt"
	"strconv"
	"strings"
)

// A tomlRule is one [[rules]] table of gitleaks' configuration, with the
// fields the redactor uses.
type tomlRule struct {
	ID          string
	Regex       string
	Path        string
	SecretGroup int
	Entropy     float64
	Keywords    []string
	Allowlists  []tomlAllowlist
}

// A tomlAllowlist is one [[rules.allowlists]] table.
type tomlAllowlist struct {
	Target    string // "", "secret", "match" or "line"
	Condition string // "" (OR) or "AND"
	Regexes   []string
	Stopwords []string
	Paths     []string
}

// parseRules reads the [[rules]] tables of gitleaks' config/gitleaks.toml.
// It reads the subset of TOML that file is written in: key = value
// lines, literal (”'…”') and basic ("…") strings, numbers, and arrays
// of strings over one or more lines.
func parseRules(text string) ([]tomlRule, error) {
	var rules []tomlRule
	var allow *tomlAllowlist
	section := ""
	lines := strings.Split(text, "\n")
	for n := 0; n < len(lines); n++ {
		line := strings.TrimSpace(lines[n])
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasPrefix(line, "[") {
			section = line
			switch line {
			case "[[rules]]":
				rules = append(rules, tomlRule{})
				allow = nil
			case "[[rules.allowlists]]":
				if len(rules) == 0 {
					return nil, fmt.Errorf("line %d: an allowlist before any rule", n+1)
				}
				r := &rules[len(rules)-1]
				r.Allowlists = append(r.Allowlists, tomlAllowlist{})
				allow = &r.Allowlists[len(r.Allowlists)-1]
			}
			continue
		}
		key, value, ok := strings.Cut(line, "=")
		if !ok {
			return nil, fmt.Errorf("line %d: no key = value: %q", n+1, line)
		}
		key, value = strings.TrimSpace(key), strings.TrimSpace(value)
		if strings.HasPrefix(value, "[") {
			for !arrayClosed(value) && n+1 < len(lines) {
				n++
				value += "\n" + lines[n]
			}
		}
		if section != "[[rules]]" && section != "[[rules.allowlists]]" {
			continue
		}
		if err := setField(rules, allow, section, key, value); err != nil {
			return nil, fmt.Errorf("line %d: %s: %w", n+1, key, err)
		}
	}
	return rules, nil
}

// setField sets one key of the current rule or allowlist.
func setField(rules []tomlRule, allow *tomlAllowlist, section, key, value string) error {
	r := &rules[len(rules)-1]
	var err error
	if section == "[[rules.allowlists]]" {
		switch key {
		case "regexTarget":
			allow.Target, err = parseString(value)
		case "condition":
			allow.Condition, err = parseString(value)
		case "regexes":
			allow.Regexes, err = parseArray(value)
		case "stopwords":
			allow.Stopwords, err = parseArray(value)
		case "paths":
			allow.Paths, err = parseArray(value)
		}
		return err
	}
	switch key {
	case "id":
		r.ID, err = parseString(value)
	case "regex":
		r.Regex, err = parseString(value)
	case "path":
		r.Path, err = parseString(value)
	case "secretGroup":
		r.SecretGroup, err = strconv.Atoi(value)
	case "entropy":
		r.Entropy, err = strconv.ParseFloat(value, 64)
	case "keywords":
		r.Keywords, err = parseArray(value)
	}
	return err
}

// arrayClosed reports whether v, an array's text so far, has its closing
// bracket outside of strings.
func arrayClosed(v string) bool {
	_, rest, err := scanArray(v)
	return err == nil && strings.TrimSpace(rest) == ""
}

// parseArray parses an array of strings.
func parseArray(v string) ([]string, error) {
	items, rest, err := scanArray(v)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(rest) != "" {
		return nil, fmt.Errorf("text after the array: %q", rest)
	}
	return items, nil
}

// scanArray reads an array of strings at the start of v and returns its
// items and the text after it.
func scanArray(v string) ([]string, string, error) {
	v = strings.TrimSpace(v)
	if !strings.HasPrefix(v, "[") {
		return nil, "", fmt.Errorf("not an array: %q", v)
	}
	v = v[1:]
	var items []string
	for {
		v = strings.TrimLeft(v, " \t\r\n,")
		if strings.HasPrefix(v, "#") {
			i := strings.IndexByte(v, '\n')
			if i < 0 {
				return nil, "", fmt.Errorf("unclosed array")
			}
			v = v[i:]
			continue
		}
		if strings.HasPrefix(v, "]") {
			return items, v[1:], nil
		}
		s, rest, err := scanString(v)
		if err != nil {
			return nil, "", err
		}
		items = append(items, s)
		v = rest
	}
}

// parseString parses one string value.
func parseString(v string) (string, error) {
	s, rest, err := scanString(v)
	if err != nil {
		return "", err
	}
	if strings.TrimSpace(rest) != "" {
		return "", fmt.Errorf("text after the string: %q", rest)
	}
	return s, nil
}

// scanString reads a literal (”'…”' or '…') or basic ("…") string at
// the start of v.
func scanString(v string) (string, string, error) {
	switch {
	case strings.HasPrefix(v, "'''"):
		end := strings.Index(v[3:], "'''")
		if end < 0 {
			return "", "", fmt.Errorf("unclosed ''' string")
		}
		return v[3 : 3+end], v[3+end+3:], nil
	case strings.HasPrefix(v, "'"):
		end := strings.IndexByte(v[1:], '\'')
		if end < 0 {
			return "", "", fmt.Errorf("unclosed ' string")
		}
		return v[1 : 1+end], v[1+end+1:], nil
	case strings.HasPrefix(v, `"`):
		for i := 1; i < len(v); i++ {
			switch v[i] {
			case '\\':
				i++
			case '"':
				s, err := strconv.Unquote(v[:i+1])
				return s, v[i+1:], err
			}
		}
		return "", "", fmt.Errorf("unclosed \" string")
	}
	return "", "", fmt.Errorf("not a string: %.40q", v)
}
