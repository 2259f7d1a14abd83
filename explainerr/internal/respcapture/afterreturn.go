package respcapture

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path"

	"github.com/explainerr/explainerr/explainerr/stack"
)

// errHandlerReturned is what a ResponseWriter call gets once the handler
// has returned (from a goroutine the handler left running): the call is
// dropped.
var errHandlerReturned = errors.New("explainerr: the handler has returned; the ResponseWriter must not be used any more (write dropped)")

// afterReturn logs, once per request, that the handler's ResponseWriter was
// used after the handler returned, naming the app's call site. It reads
// only what is fixed once the gate has closed and the calls in progress
// then have left: the failure record's pointer and its Owner.
func (w *Writer) afterReturn(op string) {
	if !w.warnOnce() {
		return
	}
	w.drain()
	o := w.fail.owner
	site := callSite(stack.Capture(1), o.classifier)
	o.log.LogAttrs(context.Background(), slog.LevelWarn,
		"explainerr: a ResponseWriter was used after its handler returned; the call was dropped",
		slog.String("call", op),
		slog.String("from", site.Function),
		slog.String("at", fmt.Sprintf("%s:%d", path.Base(site.File), site.Line)))
}
