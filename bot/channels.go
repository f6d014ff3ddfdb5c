package bot

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/bwmarrin/discordgo"
)

// maxKnownChannels bounds channelKinds; when it is full it starts over.
const maxKnownChannels = 10_000

// channelKind is what the bot needs to know of a channel when it starts a
// game there: its type and, for a thread, its parent. Neither changes for
// the life of a channel (a thread stays in its parent; a text channel
// made an announcement channel, or back, is treated the same), so an
// entry is never stale in a way that matters, and processes sharing a
// database need not agree on them.
type channelKind struct {
	typ    discordgo.ChannelType
	parent string
}

// channelKinds remembers the channels seen, so that a new game does not
// ask Discord about its channel each time (in HTTP mode there is no
// gateway cache: each lookup was a GET /channels/ID).
type channelKinds struct {
	mu sync.Mutex
	m  map[string]channelKind
}

func (c *channelKinds) remember(id string, k channelKind) {
	if id == "" {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= maxKnownChannels {
		c.m = map[string]channelKind{}
	}
	c.m[id] = k
}

func (c *channelKinds) get(id string) (channelKind, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	k, ok := c.m[id]
	return k, ok
}

// interactionChannel is the channel an interaction's payload carries
// (Discord sends it in "channel" with its type and, for a thread, its
// parent; discordgo v0.29 does not decode it).
type interactionChannel struct {
	Channel *struct {
		ID       string                `json:"id"`
		Type     discordgo.ChannelType `json:"type"`
		ParentID string                `json:"parent_id"`
	} `json:"channel"`
}

// rememberInteractionChannel notes the channel of an interaction's body,
// when it has one.
func (b *Bot) rememberInteractionChannel(body []byte) {
	var ic interactionChannel
	if json.Unmarshal(body, &ic) != nil || ic.Channel == nil {
		return
	}
	b.channels.remember(ic.Channel.ID, channelKind{ic.Channel.Type, ic.Channel.ParentID})
}

// channel returns a channel's type and parent: from what the bot has
// seen, else from Discord (the REST's Channel, which reads the gateway's
// cache when there is one).
func (b *Bot) channel(ctx context.Context, id string) (*discordgo.Channel, error) {
	if k, ok := b.channels.get(id); ok {
		return &discordgo.Channel{ID: id, Type: k.typ, ParentID: k.parent}, nil
	}
	ch, err := b.rest.Channel(ctx, id)
	if err != nil {
		return nil, err
	}
	b.channels.remember(id, channelKind{ch.Type, ch.ParentID})
	return ch, nil
}
