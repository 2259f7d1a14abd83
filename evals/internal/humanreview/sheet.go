// Package humanreview writes the human-review sheet of a judged run (a
// sample of the judge's claim verdicts with the source lines they rest
// on, and empty columns for a person's verdict) and reads a filled sheet
// back to measure how often the judge agreed with the person.
package humanreview

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
)

// Header is the sheet's first row. A reviewer fills human_verdict with
// verified, contradicted or absent (and, optionally, human_note); rows
// left empty are not reviewed.
var Header = []string{"id", "seed", "fixture", "run", "order", "mode", "claim", "judge_verdict", "evidence", "source_lines", "human_verdict", "human_note"}

// Verdicts a reviewer may give: the judge's.
var Verdicts = []string{"verified", "contradicted", "absent"}

// Item is one claim on the sheet.
type Item struct {
	ID           string
	Seed         string
	Fixture      string
	Run          string
	Order        string
	Mode         string
	Claim        string
	JudgeVerdict string
	Evidence     string
	// SourceLines are the excerpt lines the evidence quotes, as
	// "file:line: text", or where else it came from.
	SourceLines  string
	HumanVerdict string
	HumanNote    string
}

func (it Item) row() []string {
	return []string{it.ID, it.Seed, it.Fixture, it.Run, it.Order, it.Mode, it.Claim, it.JudgeVerdict, it.Evidence, it.SourceLines, it.HumanVerdict, it.HumanNote}
}

// Write writes the sheet as CSV. Cells a spreadsheet would run as a
// formula are prefixed with a quote.
func Write(path string, items []Item) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	w.Write(Header)
	for _, it := range items {
		row := it.row()
		for i, cell := range row {
			row[i] = defuse(cell)
		}
		w.Write(row)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func defuse(cell string) string {
	if cell != "" && strings.ContainsRune("=+-@", rune(cell[0])) {
		return "'" + cell
	}
	return cell
}

// Read reads a sheet, filled or not. A header that is not the sheet's or
// a human verdict outside Verdicts is an error naming the row.
func Read(r io.Reader) ([]Item, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = len(Header)
	head, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("the sheet's header: %w", err)
	}
	if strings.Join(head, ",") != strings.Join(Header, ",") {
		return nil, fmt.Errorf("the sheet's header is %q, want %q", strings.Join(head, ","), strings.Join(Header, ","))
	}
	var items []Item
	for line := 2; ; line++ {
		rec, err := cr.Read()
		if errors.Is(err, io.EOF) {
			return items, nil
		}
		if err != nil {
			return nil, err
		}
		it := Item{ID: rec[0], Seed: rec[1], Fixture: rec[2], Run: rec[3], Order: rec[4], Mode: rec[5], Claim: rec[6],
			JudgeVerdict: rec[7], Evidence: rec[8], SourceLines: rec[9], HumanVerdict: strings.ToLower(strings.TrimSpace(rec[10])), HumanNote: rec[11]}
		if it.HumanVerdict != "" && !isVerdict(it.HumanVerdict) {
			return nil, fmt.Errorf("row %d (id %s): human_verdict %q is not one of %s", line, it.ID, rec[10], strings.Join(Verdicts, ", "))
		}
		items = append(items, it)
	}
}

func isVerdict(v string) bool {
	for _, ok := range Verdicts {
		if v == ok {
			return true
		}
	}
	return false
}
