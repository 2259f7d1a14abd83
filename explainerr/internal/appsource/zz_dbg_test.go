//go:build dbg

package appsource

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

func TestDbgReach(t *testing.T) {
	data, _ := os.ReadFile(os.Getenv("REPORT"))
	data = []byte(strings.ReplaceAll(string(data), os.Getenv("OLD"), os.Getenv("NEW")))
	var r report.Report
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	rr, how := WithStandInFrames(&r)
	t.Log("standin", how, len(rr.AppFrames()))
	r = *rr
	m := Load(os.Getenv("NEW") + "/main.go")
	t.Log("frames", len(m.requestFrames(&r)))
	for _, f := range m.requestFrames(&r) {
		t.Log(" frame", f.Function, f.File, f.Line)
	}
	for _, ref := range m.RequestReach(&r) {
		t.Log(" reach", FuncName(ref.Decl))
	}
	for _, sr := range m.SettingReads() {
		t.Log(" read", sr.Key, sr.Call, FuncName(sr.Decl))
	}
	t.Log(m.UnsetEnvReads(&r))
}
