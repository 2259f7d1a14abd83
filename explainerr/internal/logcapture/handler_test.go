package logcapture

import (
	"bytes"
	"io"
	"log/slog"
	"strings"
	"testing"
)

func TestWriterAndHandler(t *testing.T) {
	var out bytes.Buffer
	logger := slog.New(Handler(slog.NewJSONHandler(&out, nil))).WithGroup("req")
	mark := Mark()
	io.WriteString(Writer(), `{"level":"error","msg":"zerolog line"}`+"\n")
	logger.Error("own logger", "id", 7)
	got := linesSince(mark)
	if len(got) != 2 || got[0] != `{"level":"error","msg":"zerolog line"}` || !strings.Contains(got[1], "req.id=7") {
		t.Errorf("captured %q", got)
	}
	if !strings.Contains(out.String(), `"req":{"id":7}`) {
		t.Errorf("the wrapped handler did not get the record: %s", out.String())
	}
}
