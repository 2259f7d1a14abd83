package offline

// channelPass explains a send on, or a close of, a closed or nil channel.
var channelPass = &pass{
	name:    "channel",
	doc:     "A send on a closed channel, or a close of a closed or nil channel: the channel, who closes it, and the ownership rule (only the sender closes, once).",
	classes: []Class{ClassSendClosed, ClassCloseClosed, ClassCloseNil},
	explain: always((*analysis).channel),
}
