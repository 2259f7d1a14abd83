package report

import "unicode/utf8"

// MaxAnalysedText is how much of one message analyses read when they
// look for what kind of failure it is: the marks of every failure kind
// (a runtime error's wording, a driver's message, an error code) sit at a
// message's start or within its wrapped errors' short texts, while a
// message may be as long as the report keeps (a panic value of 64 KiB),
// which every pattern would otherwise read in full.
const MaxAnalysedText = 8 << 10

// AnalysedText returns the part of msg that analyses read: all of it, or
// its first MaxAnalysedText bytes cut at a character boundary.
func AnalysedText(msg string) string {
	if len(msg) <= MaxAnalysedText {
		return msg
	}
	cut := MaxAnalysedText
	for cut > 0 && !utf8.RuneStart(msg[cut]) {
		cut--
	}
	return msg[:cut]
}
