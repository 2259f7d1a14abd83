package offline

import (
	"regexp"
	"strings"
)

// connRefusedPass explains a dial the server refused.
var connRefusedPass = &pass{
	name:    "connection-refused",
	doc:     "A dial refused: the address, and the setting that chose it.",
	classes: []Class{ClassConnRefused},
	needs:   []need{needModule},
	explain: always((*analysis).connRefused),
}

// connRefused explains "dial tcp HOST:PORT: connect: connection refused".
func (a *analysis) connRefused() {
	addr, network := a.f.Captures["addr"], a.f.Captures["network"]
	a.culprit = addr
	a.headline("Connection refused: nothing listens at "+code(addr), "Connection refused")
	a.why("The app dialed " + code(addr) + " (" + network + ") and was refused: no program is listening there. The service the app connects to (a database, a cache, another server) is not running at that address, or the app is configured with the wrong host or port. It is a server-side failure; the request is not at fault.")
	port := ""
	if i := strings.LastIndexByte(addr, ':'); i >= 0 {
		port = addr[i+1:]
	}
	src := a.app()
	found := false
	if src != nil && port != "" {
		var lines []sourceLine
		at := compiled(`(?:[:=]|\bport\s*=?\s*)` + regexp.QuoteMeta(port) + `\b`)
		for _, l := range src.stringLits(at) {
			lines = append(lines, src.litLine(l, compiled(regexp.QuoteMeta(port))))
		}
		if len(lines) > 0 {
			found = true
			a.why("The app's source names port " + code(port) + " at " + a.citeAll(lines) + ".")
		}
	}
	if src != nil && !found {
		if reads := a.nearStackFirst(src.configReads(), addressSetting); len(reads) > 0 {
			found = true
			a.why("The app's source does not name that port; it reads connection settings at " + a.citeAll(reads) + ": check what they held when it dialed.")
		}
	}
	if src != nil {
		if opens := a.nearStackFirst(src.connectionOpens(), nil); len(opens) > 0 {
			a.why("The app opens its connections at " + a.citeAll(opens) + ".")
		}
	}
	a.fix("Start the service the app expects at " + code(addr) + " (for a database: is its server running, and listening on port " + port + "?), or correct the host and port in the app's configuration (its DSN or address).")
	if found {
		a.fix("Check the configuration cited above against the port the service really listens on.")
	}
	a.fix("If the app can run without that service, check the connection at startup (a Ping) so a missing service shows when the app starts, not on a request.")
}

// addressSetting matches the settings most likely to hold a whole address.
var addressSetting = regexp.MustCompile(`(?i)dsn|url|addr`)
