package harness

import (
	"context"
	"strings"
	"testing"

	"github.com/explainerr/explainerr/blogapp/fixture"
)

func TestAppsAreNamedByTheirFolders(t *testing.T) {
	for _, a := range Apps() {
		got, ok := AppByName(a.Name)
		if !ok || got.Name != a.Name || !strings.HasPrefix(a.FixturesFile, a.Name+"/") || a.Pattern != "./"+a.Name+"/..." {
			t.Errorf("app %+v", a)
		}
	}
	if _, ok := AppByName("shopapp"); ok {
		t.Error("an unknown app was found")
	}
}

func TestTriggeringAnAppThatIsNotRunningIsAnError(t *testing.T) {
	h := startHarness(t)
	_, err := h.TriggerApp(context.Background(), InvoiceApp.Name, fixture.Fixture{ID: "x", Method: "GET", Path: "/"}, "plain", false)
	if err == nil || !strings.Contains(err.Error(), "not running") {
		t.Errorf("error %v, want one saying the app is not running", err)
	}
}
