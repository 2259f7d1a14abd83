package records

import "fmt"

// LeakProbe is what the leak probe found out about redaction: how many
// outputs it checked (they are stored under traces/leak-probe/, where the
// leak gate scans them) and which probes never put a secret's line in
// front of redaction.
type LeakProbe struct {
	Outputs     int      `json:"outputs"`
	Unexercised []string `json:"unexercised,omitempty"`
}

// LeakNotes lists why the leak gate proves nothing about redaction in a
// run: an unexercised probe, or, in a run over every fixture, no fixture
// whose prompt held a chunk covering a planted secret's line. A run
// without a probe record (made before the probe existed) says so.
func LeakNotes(info *RunInfo, rows *Rows, allFixtures bool) []string {
	var out []string
	if info.LeakProbe == nil {
		out = append(out, "no leak probe was run")
	} else {
		out = append(out, info.LeakProbe.Unexercised...)
	}
	if !allFixtures {
		return out
	}
	n := 0
	for _, g := range rows.Generations {
		if g.Gate.SecretChunks > 0 {
			n++
		}
	}
	if n == 0 {
		out = append(out, fmt.Sprintf("no fixture's prompt held a chunk covering a planted secret's line (%d rows): retrieved and static source never met redaction", len(rows.Generations)))
	}
	return out
}
