package main

// Hub sends events to its listeners.
type Hub struct {
	events chan string
}

// Stop closes the hub.
func (h *Hub) Stop() {
	close(h.events)
}

//explainerr:failure panic runtime.plainError send on closed channel

// Publish sends an event.
func (h *Hub) Publish(e string) {
	h.events <- e // want `Send on closed channel: .h\.events.` `sends on .h\.events. after it was closed` `Close a channel only on the sending side`
}
