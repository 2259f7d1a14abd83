package reportgen

import (
	"fmt"
	"html"
	"strings"
)

// bar is one bar of a chart: a label and a value in [0, max].
type bar struct {
	label string
	value float64
	color string
}

const (
	colorPlain  = "#8c8c8c"
	colorStatic = "#6b9e5f"
	colorRAG    = "#2b6cb0"
	colorTie    = "#c0a060"
)

// barChart draws horizontal bars as inline SVG.
func barChart(title string, bars []bar, max float64, format func(float64) string) string {
	const rowH, labelW, barW = 22, 210, 320
	h := rowH*len(bars) + 30
	var b strings.Builder
	fmt.Fprintf(&b, `<figure><figcaption>%s</figcaption><svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" role="img" aria-label="%s">`,
		html.EscapeString(title), labelW+barW+80, h, html.EscapeString(title))
	for i, br := range bars {
		y := 10 + i*rowH
		w := 0.0
		if max > 0 {
			w = br.value / max * barW
		}
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="12" text-anchor="end">%s</text>`, labelW-6, y+14, html.EscapeString(br.label))
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%.1f" height="16" fill="%s"/>`, labelW, y+2, w, br.color)
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" font-size="12">%s</text>`, float64(labelW)+w+4, y+14, html.EscapeString(format(br.value)))
	}
	b.WriteString(`</svg></figure>`)
	return b.String()
}

func modeColor(m string) string {
	switch m {
	case "rag":
		return colorRAG
	case "static":
		return colorStatic
	}
	return colorPlain
}

// withN labels a bar with the number of items its share is over.
func withN(label string, n int) string { return fmt.Sprintf("%s (n=%d)", label, n) }

func (s *Summary) charts() []string {
	var out []string
	var fix, facts []bar
	for _, t := range s.Totals {
		label := withN(t.Group+" · "+t.Mode, t.N)
		fix = append(fix, bar{label, float64(t.FixLocationInPrompt) / float64(max(t.N, 1)), modeColor(t.Mode)})
		facts = append(facts, bar{label, t.FactRecall, modeColor(t.Mode)})
	}
	share := func(v float64) string { return fmt.Sprintf("%.0f%%", 100*v) }
	out = append(out, barChart("Fix location reaches the model (layer 1)", fix, 1, share))
	out = append(out, barChart("Fact recall of the prompt (layer 1)", facts, 1, share))

	var named []bar
	for _, t := range s.Coverage {
		named = append(named, bar{withN(t.Group+" · "+t.Mode, t.N), t.FixLocationNamed, modeColor(t.Mode)})
	}
	if len(named) > 0 {
		out = append(out, barChart("Explanation names the fix location (coverage)", named, 1, share))
	}

	var fab []bar
	for _, r := range s.Checker {
		if r.Group == "all" {
			fab = append(fab, bar{withN("checker · "+r.Mode, r.Explanations), float64(r.WithFabrication) / float64(max(r.Explanations, 1)), modeColor(r.Mode)})
		}
	}
	layers := "layer 2"
	for _, r := range s.Judge {
		if r.Group == "all" && r.Sides > 0 {
			fab = append(fab, bar{withN("judge · "+r.Mode, r.Sides), float64(r.Sides-r.NoFabrication) / float64(r.Sides), modeColor(r.Mode)})
			layers = "layer 2, layer 3"
		}
	}
	out = append(out, barChart("Explanations with a fabrication ("+layers+")", fab, 1, share))

	if len(s.In.Rows.Judgments) > 0 {
		var win []bar
		for _, g := range Groups {
			t := s.Tallies[g]
			if t.Withheld {
				continue
			}
			for _, m := range s.JudgedModes() {
				win = append(win, bar{withN(g+" · "+m+" wins", t.Scored()), float64(t.Wins[m]), modeColor(m)})
			}
			win = append(win, bar{withN(g+" · ties", t.Scored()), float64(t.Tie), colorTie})
		}
		maxWin := 1.0
		for _, w := range win {
			maxWin = max(maxWin, w.value)
		}
		if len(win) > 0 {
			out = append(out, barChart("Judge winners (layer 3)", win, maxWin, func(v float64) string { return fmt.Sprintf("%.0f", v) }))
		}
	}
	return out
}

// HTML returns a self-contained report page: no script, no network.
func (s *Summary) HTML() string {
	var b strings.Builder
	b.WriteString(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>explainerr evaluation report</title>
<style>body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222}
table{border-collapse:collapse;margin:.5em 0 1em}td,th{border:1px solid #ccc;padding:3px 8px;text-align:left}
th{background:#f3f3f3}figure{display:inline-block;margin:0 2em 1em 0}figcaption{font-weight:600;margin-bottom:4px}
.note{color:#444}.warn{color:#a00;font-weight:600}</style></head><body><h1>explainerr evaluation report</h1>`)
	if banner := s.Banner(); banner != "" {
		fmt.Fprintf(&b, `<p class="warn">%s</p>`, html.EscapeString(banner))
	}
	if s.In.Stale != "" {
		fmt.Fprintf(&b, `<p class="warn">%s</p>`, html.EscapeString(s.In.Stale))
	}
	b.WriteString(`<section>`)
	for _, c := range s.charts() {
		b.WriteString(c)
	}
	b.WriteString(`</section>`)
	for _, t := range s.tables() {
		fmt.Fprintf(&b, "<h2>%s</h2><table><tr>", html.EscapeString(t.title))
		for _, h := range t.header {
			fmt.Fprintf(&b, "<th>%s</th>", html.EscapeString(h))
		}
		b.WriteString("</tr>")
		for _, r := range t.rows {
			b.WriteString("<tr>")
			for _, c := range r {
				fmt.Fprintf(&b, "<td>%s</td>", html.EscapeString(c))
			}
			b.WriteString("</tr>")
		}
		b.WriteString("</table>")
		for _, n := range t.notes {
			class := "note"
			if strings.Contains(n, "FAIL") || strings.HasPrefix(n, "STALE") || strings.HasPrefix(n, "SELF-CHECK") {
				class = "warn"
			}
			fmt.Fprintf(&b, `<p class="%s">%s</p>`, class, html.EscapeString(n))
		}
	}
	b.WriteString("</body></html>\n")
	return b.String()
}
