package explainerr

import "github.com/explainerr/explainerr/explainerr/prompt"

// A follow-up question is posted to a stored report's page (package
// internal/historyhttp): POST /_explainerr/reports/{id}/ask with a JSON
// body {"question": "..."}; the answer streams back as newline-delimited
// JSON.

// MaxFollowUpQuestion is the longest follow-up question taken, in bytes.
const MaxFollowUpQuestion = prompt.MaxQuestion
