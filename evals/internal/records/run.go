package records

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Price is a model's price in US dollars per million tokens.
type Price struct {
	InputPerMTok  float64 `json:"input_per_mtok"`
	OutputPerMTok float64 `json:"output_per_mtok"`
}

// Cost returns the price of a call.
func (p Price) Cost(in, out int) float64 {
	return (float64(in)*p.InputPerMTok + float64(out)*p.OutputPerMTok) / 1e6
}

// Regrade records one re-scoring of stored results.
type Regrade struct {
	Time           string `json:"time"`
	SourceTreeHash string `json:"source_tree_hash"`
	// GradersHash is the hash of the graders that re-scored the run.
	GradersHash string `json:"graders_hash,omitempty"`
}

// RunInfo is run.json: the evidence a run's numbers depend on, frozen.
type RunInfo struct {
	Started     string `json:"started"`
	Finished    string `json:"finished,omitempty"`
	GoVersion   string `json:"go_version"`
	GitRevision string `json:"git_revision"`
	GitDirty    bool   `json:"git_dirty"`
	// SourceTreeHash hashes the product (everything but the evaluation's
	// own code); GradersHash the graders (evals/), which regrade may
	// change without making the results stale.
	SourceTreeHash string `json:"source_tree_hash"`
	GradersHash    string `json:"graders_hash,omitempty"`
	FixturesFile   string `json:"fixtures_file"`
	FixturesHash   string `json:"fixtures_hash"`
	IndexFile      string `json:"index_file"`
	// IndexHash hashes the index's content (its chunks and embedder), not
	// its file: the same source gives the same hash.
	IndexHash   string `json:"index_hash"`
	IndexChunks int    `json:"index_chunks"`
	Embedder    string `json:"embedder"`
	// Apps are the sample apps the run covers, each with its own fixtures
	// file and index; the fields above describe the blog's. Empty in runs
	// made when the blog was the only app.
	Apps []AppRun `json:"apps,omitempty"`

	Generator         string `json:"generator"`
	GeneratorProvider string `json:"generator_provider"`
	GeneratorModel    string `json:"generator_model"`
	GeneratorBaseURL  string `json:"generator_base_url,omitempty"`
	JudgeModel        string `json:"judge_model,omitempty"`
	JudgeBaseURL      string `json:"judge_base_url,omitempty"`
	// Judge2Model and Judge2BaseURL name the optional second judge.
	Judge2Model   string `json:"judge2_model,omitempty"`
	Judge2BaseURL string `json:"judge2_base_url,omitempty"`
	// ServedModels are the snapshots the servers said they served (the
	// "model" of each API response), by role: "generator", "judge",
	// "judge2".
	ServedModels map[string][]string `json:"served_models,omitempty"`
	Prices       map[string]Price    `json:"prices"`

	// Modes are the context modes every fixture was generated in.
	Modes []string `json:"modes,omitempty"`
	// LeakProbe is the leak probe's record; nil in runs made before it.
	LeakProbe *LeakProbe `json:"leak_probe,omitempty"`

	Seed       int64    `json:"seed"`
	Runs       int      `json:"runs"`
	JudgeReps  int      `json:"judge_reps"`
	BothOrders bool     `json:"both_orders"`
	Fixtures   []string `json:"fixtures"`
	Args       []string `json:"args"`

	Regrades []Regrade `json:"regrades,omitempty"`
}

// AppRun is the evidence of one sample app in a run.
type AppRun struct {
	Name         string `json:"name"`
	Fixtures     int    `json:"fixtures"`
	FixturesFile string `json:"fixtures_file"`
	FixturesHash string `json:"fixtures_hash"`
	IndexFile    string `json:"index_file"`
	IndexHash    string `json:"index_hash"`
	IndexChunks  int    `json:"index_chunks"`
	// Fingerprint hashes the app's files as the frozen versions recorded
	// in METHODOLOGY.md do; FrozenVersion and FrozenDate name the latest
	// recorded version, and Frozen says whether the files still match it.
	// All empty for an app that is not frozen.
	Fingerprint   string `json:"fingerprint,omitempty"`
	FrozenVersion int    `json:"frozen_version,omitempty"`
	FrozenDate    string `json:"frozen_date,omitempty"`
	Frozen        bool   `json:"frozen,omitempty"`
}

// ReadRun reads run.json; ok is false when there is none.
func (d *Dir) ReadRun() (info *RunInfo, ok bool, err error) {
	data, err := os.ReadFile(filepath.Join(d.Path, RunFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	} else if err != nil {
		return nil, false, err
	}
	info = &RunInfo{}
	if err := json.Unmarshal(data, info); err != nil {
		return nil, false, fmt.Errorf("%s: %w", RunFile, err)
	}
	return info, true, nil
}

// WriteRun writes run.json.
func (d *Dir) WriteRun(info *RunInfo) error {
	data, err := json.MarshalIndent(info, "", "  ")
	if err != nil {
		return err
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	tmp := filepath.Join(d.Path, RunFile+".tmp")
	if err := os.WriteFile(tmp, append(data, '\n'), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(d.Path, RunFile))
}
