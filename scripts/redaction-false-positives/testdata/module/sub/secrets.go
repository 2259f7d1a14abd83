package sub

// Two planted secrets (made up): the allow-list of the test names the
// first; the second counts as a false positive.
const relayKey = "sk_live_Zx81nB4vT6qWm3Ke9Lp0Rt7Y"

var upstream = "Tq8Lm3Xz7Vb2Nk9Rw4Yc6Hd1"
