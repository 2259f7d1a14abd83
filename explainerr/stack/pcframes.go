package stack

import (
	"path"
	"regexp"
	"strings"
)

// The recovery middleware of gin, Martini and Macaron prints its own stack
// instead of the runtime's: one line per frame, "file.go:87 (0x58da9a)",
// innermost first, followed by "\tFunction: source line" when the server
// could read the file (never in a binary built elsewhere or with
// -trimpath), and the panic's message on the line above the first frame
// ("[Macaron] PANIC: assignment to entry in nil map"; gin prints the
// message alone). pcFrames turns such a stack back into the runtime's
// two-line frames, naming each function after its file's package, and the
// message into a "panic:" line; the rest of the parse reads them as any
// stack without a goroutine header.

// rePCFrame matches one frame line, after any log prefix (group 1): group
// 2 is the file, 3 the line.
var rePCFrame = regexp.MustCompile(`^(.*?)(\S+\.(?:go|s|c)):(\d+) \(0x[0-9a-fA-F]+\)$`)

// rePCFunc matches the line gin and Martini print under a frame whose
// source they could read: the function (without its package) and the
// source line.
var rePCFunc = regexp.MustCompile(`^\t+([^\s:][^:]*?): `)

// rePCMessage strips the label some recoverers print before the message.
var rePCMessage = regexp.MustCompile(`^\s*\[(?:Macaron|Martini|martini|Recovery|negroni)\]\s*(?:PANIC:\s*|panic recovered:\s*)?`)

// unnamedFunc stands for a function the stack does not name.
const unnamedFunc = "func·"

// IsUnnamed reports whether function stands for a function a recoverer's
// stack did not name (its package is known from the file's path).
func IsUnnamed(function string) bool { return strings.HasSuffix(function, "."+unnamedFunc) }

// pcFrames rewrites runs of at least two gin or Martini frame lines into
// the runtime's form; lines is returned unchanged when it holds none.
// mainModule (may be "") names the app's files' packages (pcFilePackage).
func pcFrames(lines []string, mainModule string) []string {
	var out []string
	for i := 0; i < len(lines); {
		m := rePCFrame.FindStringSubmatch(lines[i])
		if m == nil || !isPCRun(lines[i:], m[1]) {
			if out != nil {
				out = append(out, lines[i])
			}
			i++
			continue
		}
		prefix := m[1]
		if out == nil {
			out = append(make([]string, 0, len(lines)+8), lines[:i]...)
		}
		// The message is on the line above the first frame.
		if n := len(out); n > 0 {
			if msg := strings.TrimSpace(rePCMessage.ReplaceAllString(strings.TrimPrefix(out[n-1], prefix), "")); msg != "" && !strings.HasPrefix(msg, "panic: ") && !rePCFrame.MatchString(msg) {
				out[n-1] = "panic: " + msg
			}
		}
		out = append(out, "")
		for i < len(lines) {
			fm := rePCFrame.FindStringSubmatch(lines[i])
			if fm == nil || fm[1] != prefix {
				break
			}
			fn := unnamedFunc
			if i+1 < len(lines) {
				if f := rePCFunc.FindStringSubmatch(strings.TrimPrefix(lines[i+1], prefix)); f != nil {
					fn = f[1]
					i++
				}
			}
			out = append(out, pcFilePackage(fm[2], mainModule)+"."+fn+"(...)", "\t"+fm[2]+":"+fm[3])
			i++
		}
	}
	if out == nil {
		return lines
	}
	return out
}

// isPCRun reports whether lines start a run of at least two frame lines
// with the same prefix (each possibly followed by its function line).
func isPCRun(lines []string, prefix string) bool {
	n := 0
	for i := 0; i < len(lines) && n < 2; i++ {
		if m := rePCFrame.FindStringSubmatch(lines[i]); m != nil && m[1] == prefix {
			n++
			continue
		}
		if !rePCFunc.MatchString(strings.TrimPrefix(lines[i], prefix)) {
			break
		}
	}
	return n >= 2
}

// pcFilePackage returns the import path of a frame's file's package as
// its path shows it: in a module version's directory
// ("github.com/x/y@v1.2.3/z.go", in the module cache or a -trimpath
// path), below a GOPATH or GOROOT "src/" or a "vendor/" directory, below a
// directory named like the app's module's last element
// ("/home/dev/shop/internal/web" for example.com/shop), or else, for any
// other absolute path, the app's module itself: a file outside GOROOT and
// the module cache is the app's own code built where it was checked out
// ("/app/main.go" in a container). Without mainModule, the directory.
func pcFilePackage(file, mainModule string) string {
	slash := strings.ReplaceAll(file, `\`, "/")
	if dir, ok := (&Classifier{}).cachedModule(slash); ok {
		return dir
	}
	for _, root := range []string{"/vendor/", "/src/"} {
		if i := strings.LastIndex(slash, root); i >= 0 {
			return pathDir(slash[i+len(root):])
		}
	}
	if mainModule != "" {
		if i := strings.Index(slash, "/"+path.Base(mainModule)+"/"); i >= 0 {
			if rest := pathDir(slash[i+len(path.Base(mainModule))+2:]); rest != "main" {
				return mainModule + "/" + rest
			}
			return mainModule
		}
		if strings.HasPrefix(slash, "/") || len(slash) > 2 && slash[1] == ':' {
			return mainModule
		}
	}
	return pathDir(strings.TrimPrefix(slash, "/"))
}

// pathDir returns the directory of a slash-separated relative file path,
// "main" for a file without one.
func pathDir(rel string) string {
	if dir := path.Dir(rel); dir != "." {
		return dir
	}
	return "main"
}

// hasPCFrame reports whether s may hold a gin or Martini frame line, to
// skip the rewrite of every other dump cheaply.
func hasPCFrame(s string) bool { return strings.Contains(s, " (0x") && strings.Contains(s, ".go:") }
