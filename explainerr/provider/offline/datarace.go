package offline

import (
	"strings"

	"github.com/explainerr/explainerr/explainerr/report"
)

// dataRacePass explains a race detector report.
var dataRacePass = &pass{
	name:    "data-race",
	doc:     "A race detector report: the two accesses, their goroutines and where those were started.",
	classes: []Class{ClassDataRace},
	needs:   []need{needModule, needGoroutines},
	explain: always((*analysis).dataRace),
}

// raceAccessState ends the state of a goroutine that made one of the
// accesses of a data race report ("previous write at 0x…, an access of
// the data race").
const raceAccessState = ", an access of the data race"

// accessAt describes where a goroutine of a data race made its access: the
// function and file:line of its first app frame, else of its innermost
// frame; "" when the dump shows none of its frames.
func (a *analysis) accessAt(frames []report.Frame) string {
	at := firstOfKind(frames, func(k string) bool { return k == report.FrameApp })
	if at == nil {
		at = firstOfKind(frames, func(k string) bool { return k != report.FrameRuntime })
		if at == nil {
			return ""
		}
		a.g.Add(at.Function, at.File)
		return code(a.fileLoc(at.File, at.Line)) + " in " + code(qualifiedShort(at.Function)) + " (not the app's code)"
	}
	a.g.Add(at.Function, at.File)
	return code(a.fileLoc(at.File, at.Line)) + " in " + code(shortFunction(at.Function))
}

// dataRace explains a race detector report: the failing goroutine made
// one access, the goroutines whose state names "an access of the data
// race" the others.
func (a *analysis) dataRace() {
	a.headline("Data race")
	accesses := []string{}
	if at := a.accessAt(a.r.Frames); at != "" {
		accesses = append(accesses, "- this goroutine's access at "+at)
	}
	for _, g := range a.r.Goroutines {
		kind, ok := strings.CutSuffix(g.State, raceAccessState)
		if !ok {
			continue
		}
		kind, _, _ = strings.Cut(kind, " at 0x")
		line := "- goroutine " + itoa(g.ID) + "'s " + kind
		if at := a.accessAt(g.Frames); at != "" {
			line += " at " + at
		} else {
			line += ", whose stack is not in the dump"
		}
		accesses = append(accesses, line)
	}
	why := "Two goroutines accessed the same memory, at least one of them writing, with nothing ordering the accesses (no lock, channel or atomic operation). The result is undefined: a read can see a stale or half-written value."
	if len(accesses) > 1 {
		why += " The race detector saw these accesses:\n\n" + strings.Join(accesses, "\n")
	} else {
		why += " Only this goroutine's access could be read from the dump: look for the other one (\"Previous write at …\" or \"Previous read at …\") in the race detector's report."
	}
	a.why(why)
	a.fix("Make the goroutines synchronize on this memory: guard every access with the same " + code("sync.Mutex") + ", hand the value from one goroutine to the other over a channel, or, for a single counter or flag, use the " + code("sync/atomic") + " package.")
	a.fix("Run the program or its tests again with the race detector (-race) after the change: the detector only reports races on the paths a run takes.")
}

// firstOfKind returns the innermost of frames whose kind is wanted, nil
// when there is none.
func firstOfKind(frames []report.Frame, wanted func(kind string) bool) *report.Frame {
	for i := range frames {
		if wanted(frames[i].Kind) {
			return &frames[i]
		}
	}
	return nil
}
