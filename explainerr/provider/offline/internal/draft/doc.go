// Package draft holds the explanation the analysis of one report writes:
// its headline and its Where, Why, How to fix it and closing sections,
// each part given as alternatives, and the rendering of it as Markdown.
//
// Every part is an Item: alternatives from the most to the least
// specific. A pass writes what it can say in the most precise terms
// first and a plainer fallback after it; the draft decides at Render,
// against the grounding it was made with, which alternative is shown:
// the first whose code spans and code blocks name only grounded
// identifiers (grounding.Set.Allows). An Item with no such alternative is
// left out, and so is a section with no item left. A pass may read and
// rewrite what earlier steps wrote (the analyzer drops suggested fixes
// the code already has before rendering).
//
// A Draft is not safe for concurrent use: it belongs to the analysis of
// one report.
package draft
