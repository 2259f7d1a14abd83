package pipeline

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// MinSeeds is the fewest seeds a judged run (-judged) accepts: one seed
// is one draw of the generator's and the judge's randomness, not a
// result.
const MinSeeds = 3

// JudgedOptions configure a judged run with real models (-judged): the
// evaluation run once per seed, each in its own directory, reported seed
// by seed, with a human-review sheet.
type JudgedOptions struct {
	// Seeds is the number of seeds: o.Seed, o.Seed+1, ...
	Seeds int
	// Yes starts without asking; otherwise Confirm is read for "y".
	Yes     bool
	Confirm io.Reader
	// ReviewSample is the number of claims on the human-review sheet.
	ReviewSample int
}

// RunJudged prints the cost estimate, asks for confirmation (unless
// Yes), runs every seed and writes the per-seed report and the
// human-review sheet. It returns the worst exit code of the seeds.
func RunJudged(ctx context.Context, o Options, jo JudgedOptions) int {
	if err := o.validate(); err != nil {
		fmt.Fprintln(o.Stderr, "evals:", err)
		return ExitError
	}
	if err := jo.validate(&o); err != nil {
		fmt.Fprintln(o.Stderr, "evals -judged:", err)
		return ExitError
	}
	genOffline := o.Model.Offline || o.Model.BaseURL == "" && o.Model.APIKey == "" || o.Generator != GenNormal
	est, err := estimate(&o, jo.Seeds, genOffline)
	if err != nil {
		fmt.Fprintln(o.Stderr, "evals -judged:", err)
		return ExitError
	}
	est.Write(o.Stdout)
	if !jo.Yes && !confirmed(o.Stdout, jo.Confirm) {
		fmt.Fprintln(o.Stderr, "evals -judged: not started (answer y, or pass -yes)")
		return ExitError
	}
	var dirs []string
	worst := ExitOK
	for i := range jo.Seeds {
		so := o
		so.Seed = o.Seed + int64(i)
		so.Out = filepath.Join(o.Out, fmt.Sprintf("seed-%d", so.Seed))
		fmt.Fprintf(o.Stdout, "\n=== Seed %d of %d (seed %d): %s ===\n", i+1, jo.Seeds, so.Seed, so.Out)
		code := Run(ctx, so)
		if code == ExitError {
			return ExitError
		}
		worst = max(worst, code)
		dirs = append(dirs, so.Out)
	}
	if err := writeSeedReport(o.Out, dirs, o.Stdout); err != nil {
		fmt.Fprintln(o.Stderr, "evals -judged:", err)
		return ExitError
	}
	sheet := filepath.Join(o.Out, ReviewSheetFile)
	n, err := writeReviewSheet(sheet, dirs, jo.ReviewSample, o.Seed)
	if err != nil {
		fmt.Fprintln(o.Stderr, "evals -judged:", err)
		return ExitError
	}
	fmt.Fprintf(o.Stdout, "Human-review sheet: %s (%d claims). Fill in human_verdict, then: go run ./evals humanreview %s\n", sheet, n, sheet)
	return worst
}

func (jo *JudgedOptions) validate(o *Options) error {
	switch {
	case !o.Judge.Enabled():
		return errors.New("no judge configured: set EXPLAINERR_JUDGE_MODEL and EXPLAINERR_JUDGE_API_KEY (and EXPLAINERR_JUDGE_BASE_URL for another OpenAI-compatible server)")
	case !o.BothOrders:
		return errors.New("a judged run judges both orders: drop -both-orders=false")
	case jo.Seeds < MinSeeds:
		return fmt.Errorf("-seeds %d: a judged run needs at least %d seeds", jo.Seeds, MinSeeds)
	case jo.ReviewSample < 1:
		return errors.New("-review-sample must be at least 1")
	}
	if jo.Confirm == nil {
		jo.Confirm = os.Stdin
	}
	return nil
}

// confirmed asks whether to start and reads the answer.
func confirmed(w io.Writer, r io.Reader) bool {
	fmt.Fprint(w, "Start the judged run? [y/N] ")
	line, _ := bufio.NewReader(r).ReadString('\n')
	answer := strings.ToLower(strings.TrimSpace(line))
	return answer == "y" || answer == "yes"
}
