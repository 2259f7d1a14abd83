package openai

import (
	"context"
	"errors"

	"github.com/openai/openai-go/v3"

	"github.com/explainerr/explainerr/explainerr/provider"
	"github.com/explainerr/explainerr/explainerr/report"
)

// ErrEmptyAnswer is returned when the server answered without any text.
var ErrEmptyAnswer = errors.New("the model returned an empty answer")

// complete makes one non-streaming call.
func (p *Provider) complete(ctx context.Context, params openai.ChatCompletionNewParams) (provider.Result, error) {
	comp, err := p.chat.New(ctx, params)
	if err != nil {
		return provider.Result{}, err
	}
	res := provider.Result{Model: comp.Model, Usage: usageOf(comp.Usage)}
	if len(comp.Choices) == 0 {
		return res, ErrEmptyAnswer
	}
	choice := comp.Choices[0]
	content := choice.Message.Content
	if content == "" && choice.Message.Refusal != "" {
		content = "The model declined to answer: " + choice.Message.Refusal
	}
	text := cappedText{limit: p.cfg.MaxTextBytes}
	text.add(content)
	res.Text = text.String()
	res.Truncated = choice.FinishReason == "length" || text.cut
	if res.Text == "" {
		return res, ErrEmptyAnswer
	}
	return res, nil
}

// usageOf converts the SDK's usage; nil when the server reported none.
func usageOf(u openai.CompletionUsage) *report.Usage {
	if u.PromptTokens == 0 && u.CompletionTokens == 0 {
		return nil
	}
	return &report.Usage{PromptTokens: int(u.PromptTokens), CompletionTokens: int(u.CompletionTokens)}
}
