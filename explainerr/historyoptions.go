package explainerr

import (
	"strings"
	"time"
)

// WithStateDir sets the directory explainerr keeps its files in (default
// ".explainerr" at the module root): the failure history is persisted in
// its "history" directory, and the crash reports "explainerr run" writes
// to its "crashes" directory are listed with it. "" keeps the history in
// memory only and lists no crash reports. A test binary keeps it in memory
// unless this option names a directory.
func WithStateDir(dir string) Option {
	return func(c *config) { c.stateDir, c.stateDirSet = dir, true }
}

// WithHistoryRetention bounds the failure history: at most maxReports
// reports (default 100; the oldest give way), none older than maxAge
// (default 7 days). Zero keeps a default.
func WithHistoryRetention(maxReports int, maxAge time.Duration) Option {
	return func(c *config) { c.historyMax, c.historyAge = maxReports, maxAge }
}

// WithEditor makes every file:line on the error page a link that opens the
// editor there (EXPLAINERR_EDITOR): a preset ("vscode", "cursor", "zed",
// "goland", "idea", "jetbrains", ...) or a URL template in which {file} is
// the absolute path (URL-escaped) and {line} the line, such as
// "subl://open?url=file://{file}&line={line}". A template with a
// javascript:, data:, vbscript: or blob: scheme makes New fail. "" means no
// links.
func WithEditor(spec string) Option { return func(c *config) { c.editor = spec } }

// WithEditorPaths maps paths as the program sees them to paths as the
// editor sees them, for a dev server in a container or WSL
// (EXPLAINERR_EDITOR_PATHS, comma-separated): "/app=/home/me/src/app".
// The longest matching prefix wins. The option replaces the environment's
// mappings.
func WithEditorPaths(mappings ...string) Option {
	return func(c *config) { c.editorPaths = mappings }
}

// editorPathsFromEnv splits EXPLAINERR_EDITOR_PATHS at commas.
func editorPathsFromEnv(v string) []string {
	if strings.TrimSpace(v) == "" {
		return nil
	}
	return strings.Split(v, ",")
}
