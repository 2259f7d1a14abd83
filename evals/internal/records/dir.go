package records

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// File names inside a run directory.
const (
	RunFile     = "run.json"
	ResultsFile = "results.jsonl"
	ErrorsFile  = "errors.jsonl"
	TracesDir   = "traces"
)

// Dir is an open run directory. Its methods are safe for concurrent use.
type Dir struct {
	Path string
	mu   sync.Mutex
}

// Open creates the run directory if needed.
func Open(path string) (*Dir, error) {
	if err := os.MkdirAll(filepath.Join(path, TracesDir), 0o755); err != nil {
		return nil, err
	}
	return &Dir{Path: path}, nil
}

// AppendResult appends one row to results.jsonl and syncs it, so that a
// run stopped at any point keeps every finished item.
func (d *Dir) AppendResult(row any) error { return d.appendJSON(ResultsFile, row) }

// AppendError appends one row to errors.jsonl.
func (d *Dir) AppendError(row ErrorRow) error {
	if row.Time == "" {
		row.Time = time.Now().UTC().Format(time.RFC3339)
	}
	return d.appendJSON(ErrorsFile, row)
}

func (d *Dir) appendJSON(name string, row any) error {
	data, err := json.Marshal(row)
	if err != nil {
		return err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	f, err := os.OpenFile(filepath.Join(d.Path, name), os.O_APPEND|os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return err
	}
	if err := repairTornTail(f); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", name, err)
	}
	if _, err := f.Write(append(data, '\n')); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// repairTornTail makes f end with a complete line before a row is appended
// to it. A run stopped while writing leaves a last line without its
// newline: when that line is a whole JSON row it is kept and ended; when it
// is a torn fragment (never a finished item, which ReadResults ignores) it
// is cut off. Appending after either as-is would glue the new row to it and
// lose the new row or make the file unreadable.
func repairTornTail(f *os.File) error {
	st, err := f.Stat()
	if err != nil || st.Size() == 0 {
		return err
	}
	last := make([]byte, 1)
	if _, err := f.ReadAt(last, st.Size()-1); err != nil {
		return err
	}
	if last[0] == '\n' {
		return nil
	}
	data := make([]byte, st.Size())
	if _, err := f.ReadAt(data, 0); err != nil {
		return err
	}
	cut := bytes.LastIndexByte(data, '\n') + 1
	if json.Valid(data[cut:]) {
		_, err := f.Write([]byte{'\n'})
		return err
	}
	return f.Truncate(int64(cut))
}

// WriteTrace writes one trace file under traces/rel and returns its path
// relative to the run directory.
func (d *Dir) WriteTrace(rel, name string, data []byte) (string, error) {
	dir := filepath.Join(d.Path, TracesDir, filepath.FromSlash(rel))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		return "", err
	}
	return filepath.ToSlash(filepath.Join(TracesDir, rel)), nil
}

// ReadTrace reads a trace file written by WriteTrace.
func (d *Dir) ReadTrace(traceDir, name string) ([]byte, error) {
	return os.ReadFile(filepath.Join(d.Path, filepath.FromSlash(traceDir), name))
}

// Rows are the decoded rows of results.jsonl, in file order.
type Rows struct {
	Generations []Generation
	Judgments   []Judgment
	// TornLine is the 1-based number of a torn last line that was ignored
	// (a run stopped while writing it; its item is not finished), 0 when
	// there is none.
	TornLine int
}

// Keys returns the keys of every finished item.
func (r *Rows) Keys() map[string]bool {
	keys := map[string]bool{}
	for _, g := range r.Generations {
		keys[g.Key()] = true
	}
	for _, j := range r.Judgments {
		keys[j.Key()] = true
	}
	return keys
}

// ReadResults reads results.jsonl; a missing file is no rows. A torn last
// line (a run killed while writing) is ignored; a bad line elsewhere is an
// error.
func (d *Dir) ReadResults() (*Rows, error) {
	rows := &Rows{}
	data, err := os.ReadFile(filepath.Join(d.Path, ResultsFile))
	if errors.Is(err, fs.ErrNotExist) {
		return rows, nil
	} else if err != nil {
		return nil, err
	}
	lines := bytes.Split(bytes.TrimRight(data, "\n"), []byte("\n"))
	for i, line := range lines {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		var head struct {
			Kind string `json:"kind"`
		}
		if err := json.Unmarshal(line, &head); err != nil {
			if i == len(lines)-1 {
				rows.TornLine = i + 1
				break
			}
			return nil, fmt.Errorf("%s line %d: %w", ResultsFile, i+1, err)
		}
		switch head.Kind {
		case KindGeneration:
			var g Generation
			if err := json.Unmarshal(line, &g); err != nil {
				return nil, fmt.Errorf("%s line %d: %w", ResultsFile, i+1, err)
			}
			rows.Generations = append(rows.Generations, g)
		case KindJudgment:
			var j Judgment
			if err := json.Unmarshal(line, &j); err != nil {
				return nil, fmt.Errorf("%s line %d: %w", ResultsFile, i+1, err)
			}
			rows.Judgments = append(rows.Judgments, j)
		default:
			return nil, fmt.Errorf("%s line %d: unknown kind %q", ResultsFile, i+1, head.Kind)
		}
	}
	return rows, nil
}

// ReadErrors reads errors.jsonl; a missing file is no rows.
func (d *Dir) ReadErrors() ([]ErrorRow, error) {
	f, err := os.Open(filepath.Join(d.Path, ErrorsFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []ErrorRow
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	for sc.Scan() {
		var e ErrorRow
		if json.Unmarshal(sc.Bytes(), &e) == nil {
			out = append(out, e)
		}
	}
	return out, sc.Err()
}

// RewriteResults replaces results.jsonl with rows (generations first),
// keeping the previous file as results.pre-regrade.jsonl.
func (d *Dir) RewriteResults(rows *Rows) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	path := filepath.Join(d.Path, ResultsFile)
	var buf bytes.Buffer
	for _, g := range rows.Generations {
		data, err := json.Marshal(g)
		if err != nil {
			return err
		}
		buf.Write(append(data, '\n'))
	}
	for _, j := range rows.Judgments {
		data, err := json.Marshal(j)
		if err != nil {
			return err
		}
		buf.Write(append(data, '\n'))
	}
	if _, err := os.Stat(path); err == nil {
		if err := os.Rename(path, filepath.Join(d.Path, "results.pre-regrade.jsonl")); err != nil {
			return err
		}
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, buf.Bytes(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
