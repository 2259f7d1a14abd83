package prompt

import (
	"strings"
	"testing"

	"github.com/explainerr/explainerr/explainerr/report"
)

func TestFollowUpCarriesTheFailureTheAnswerAndTheQuestion(t *testing.T) {
	first, _ := Build(sampleReport(), nil, Options{})
	earlier := []Exchange{{Question: "Where is ByAuthor made?", Answer: "In NewStats, which is never called."}}
	p := FollowUp(first, "The map ByAuthor is nil.", earlier, "Should I make it in NewStats or lazily in Add?", FollowUpOptions{})
	order := []string{
		"# What you were shown", "panic: assignment to entry in nil map", "(*Stats).Add  [app]",
		"# Your explanation", "The map ByAuthor is nil.",
		"# My earlier follow-up questions", "Where is ByAuthor made?", "In NewStats, which is never called.",
		"# My question", "Should I make it in NewStats or lazily in Add?",
	}
	at := 0
	for _, want := range order {
		i := strings.Index(p.User[at:], want)
		if i < 0 {
			t.Fatalf("user message lacks %q after byte %d:\n%s", want, at, p.User)
		}
		at += i + len(want)
	}
	if p.System != FollowUpSystem("") || !strings.Contains(p.System, "follow-up question") || strings.Contains(p.System, "Answer in") {
		t.Fatalf("system message:\n%s", p.System)
	}
	offline := FollowUp(first, "The map ByAuthor is nil.", nil, "Why?", FollowUpOptions{OfflineAnswer: true})
	if strings.Contains(offline.User, "# Your explanation") || !strings.Contains(offline.User, "an offline analysis") {
		t.Fatalf("an offline explanation is passed off as the model's:\n%s", offline.User)
	}
	if !strings.Contains(FollowUpSystem("German"), "Answer in German") {
		t.Fatal("the answer language is not asked for")
	}
}

func TestFollowUpKeepsTheNewestExchangesInBudget(t *testing.T) {
	var earlier []Exchange
	for i := range 10 {
		earlier = append(earlier, Exchange{Question: "question " + string(rune('A'+i)), Answer: strings.Repeat("word ", 200)})
	}
	p := FollowUp(userPrompt("panic: x"), "answer", earlier, "last?", FollowUpOptions{Budget: 3000})
	if !strings.Contains(p.User, "question J") || strings.Contains(p.User, "question A") {
		t.Fatalf("the newest exchange is not kept, or the oldest is:\n%s", p.User)
	}
	if !strings.Contains(p.User, "older exchanges left out)") {
		t.Fatal("the prompt does not say that older exchanges were left out")
	}
	if len(p.User) > 3000+1000 {
		t.Fatalf("user message of %d bytes for a budget of 3000", len(p.User))
	}
	long := FollowUp(userPrompt("panic: x"), strings.Repeat("a", 10*maxFollowUpAnswer), nil, strings.Repeat("q", 3*MaxQuestion), FollowUpOptions{})
	if len(long.User) > 2*maxFollowUpAnswer+MaxQuestion {
		t.Fatalf("long answer and question not cut: %d bytes", len(long.User))
	}
}

// userPrompt is a first prompt whose user message is user.
func userPrompt(user string) report.Prompt { return report.Prompt{System: System(""), User: user} }
