package openai

import (
	"context"
	"errors"

	"github.com/openai/openai-go/v3"

	"github.com/explainerr/explainerr/explainerr/provider"
)

// ErrStreamCut is returned when an answer ended before the server said it
// was finished: a stream without a finish_reason, or a connection closed
// in the middle of a stream or of a JSON body.
var ErrStreamCut = errors.New("the answer was cut off before the model finished")

// stream makes one streaming call, passing each piece of text to onDelta.
// started reports whether any text was passed on (after which the call is
// not retried). The text is accumulated here rather than with the SDK's
// accumulator so that the memory it takes is capped.
func (p *Provider) stream(ctx context.Context, params openai.ChatCompletionNewParams, onDelta func(string)) (res provider.Result, started bool, err error) {
	params.StreamOptions = openai.ChatCompletionStreamOptionsParam{IncludeUsage: openai.Bool(true)}
	s := p.chat.NewStreaming(ctx, params)
	defer s.Close()

	text := cappedText{limit: p.cfg.MaxTextBytes}
	finish := ""
	for s.Next() {
		chunk := s.Current()
		if chunk.Model != "" {
			res.Model = chunk.Model
		}
		if u := usageOf(chunk.Usage); u != nil {
			res.Usage = u
		}
		for _, choice := range chunk.Choices {
			if choice.Index != 0 {
				continue
			}
			piece := choice.Delta.Content
			if piece == "" {
				piece = choice.Delta.Refusal
			}
			if kept := text.add(piece); kept != "" {
				started = true
				onDelta(kept)
			}
			if choice.FinishReason != "" {
				finish = choice.FinishReason
			}
		}
		if text.cut {
			break
		}
	}
	res.Text = text.String()
	res.Truncated = finish == "length" || text.cut
	switch {
	case text.cut:
		return res, started, nil
	case s.Err() != nil:
		return res, started, s.Err()
	case ctx.Err() != nil:
		return res, started, ctx.Err()
	case finish == "":
		return res, started, ErrStreamCut
	case res.Text == "":
		return res, started, ErrEmptyAnswer
	}
	return res, started, nil
}
