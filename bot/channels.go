package bot

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
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

// permissionList is an argument of a userError naming Discord
// permissions (in English, as Discord's settings name them), each in
// bold in the reader's words and joined by their "and".
type permissionList []string

// text names the permissions in p's words, each in bold, joined by p's
// "and".
func (a permissionList) text(p *locale.Printer) string {
	names := make([]string, len(a))
	for j, n := range a {
		names[j] = "**" + p.T(n) + "**"
	}
	return andList(names, p.T(" and "))
}

// missingPostPermissions returns the permissions the bot lacks to post
// on its own in the channel of interaction r, as a game played there
// needs (the engine's moves, a board moved with the Move menu,
// reminders, a result on time): see it, send messages (in a thread:
// send messages in threads) and attach the board's picture. It reads
// the permissions Discord gives the bot there with the interaction
// (app_permissions): a reply to a command goes through the interaction
// and needs none of them, so a game started where the bot may not post
// began and then went unseen, Discord refusing the engine's moves and
// the reminders. With ownThread the game gets a thread of its own,
// where sending in threads does (the thread is started on its first
// board, the reply). Nothing is missing in a direct message, or where
// the interaction carries no permissions (the console, tests).
func (b *Bot) missingPostPermissions(ctx context.Context, r *request, ownThread bool) permissionList {
	perms := r.in.AppPermissions
	if r.in.GuildID == "" || perms == 0 || perms&discordgo.PermissionAdministrator != 0 {
		return nil
	}
	var missing permissionList
	if perms&discordgo.PermissionViewChannel == 0 {
		missing = append(missing, "View Channel")
	}
	send := perms&discordgo.PermissionSendMessages != 0
	inThreads := perms&discordgo.PermissionSendMessagesInThreads != 0
	isThread := false
	if !send || !inThreads {
		ch, err := b.channel(ctx, r.in.ChannelID)
		isThread = err == nil && ch.IsThread()
	}
	switch {
	case isThread && !inThreads:
		missing = append(missing, "Send Messages in Threads")
	case !isThread && !send && !(ownThread && inThreads && perms&discordgo.PermissionCreatePublicThreads != 0):
		missing = append(missing, "Send Messages")
	}
	if perms&discordgo.PermissionAttachFiles == 0 {
		missing = append(missing, "Attach Files")
	}
	return missing
}

// cannotPostNote returns what to do for the player whose move, by
// interaction r in the channel or thread game g is played in, Discord
// answered for them, where the bot may no longer post on its own
// (missingPostPermissions: its permissions were taken away after the
// game began): a function sending them that privately, as a follow-up of
// r, or nil when the bot may post there. The answers to the players'
// own commands reach the channel through their interactions; the
// engine's moves, a board the Move menu had to post in the channel,
// reminders and the result are refused by Discord and unseen.
func (b *Bot) cannotPostNote(ctx context.Context, r *request, g *storage.Game) func(context.Context) {
	if !g.Active() || r.in.ChannelID == "" || (r.in.ChannelID != g.ThreadID && (g.ThreadID != "" || r.in.ChannelID != g.ChannelID)) {
		return nil
	}
	missing := b.missingPostPermissions(ctx, r, false)
	if len(missing) == 0 {
		return nil
	}
	list := missing.text(r.p)
	in, note := r.in, r.p.T("I can't post in this channel on my own any more: here I lack %s, so my moves, reminders and the result of this game may not be seen here. Ask a server manager to give me %s here; meanwhile `/tafl board` shows the game.", list, list)
	return func(ctx context.Context) {
		if _, err := b.rest.Followup(ctx, in, &discordgo.WebhookParams{Content: note, Flags: discordgo.MessageFlagsEphemeral,
			AllowedMentions: &discordgo.MessageAllowedMentions{}}); err != nil {
			b.log.Warn("telling a player that the bot cannot post in their game's channel", "game_id", g.ID, "err", err)
		}
	}
}

// canPlayHere refuses a game asked for by interaction r where the bot
// may not post on its own (missingPostPermissions). A game asked for in a thread and played in
// its parent, with a thread of its own (gameChannel), is refused when
// the bot may not post in the thread: a thread's permissions are its
// parent's (Discord sets none on a thread), so it could not post in the
// game's thread either, nor in the thread asked in, where the game is
// played when Discord refuses its first board in the parent
// (firstBoardElsewhere). Whether the bot may post in the parent itself
// the interaction does not say for certain (Send Messages does not
// apply in a thread).
func (b *Bot) canPlayHere(ctx context.Context, r *request, ownThread bool) error {
	if missing := b.missingPostPermissions(ctx, r, ownThread); len(missing) > 0 {
		return userErrorf("I can't start a game in this channel: here I lack %s, which I need to post a game's boards on my own (my moves, reminders, the result). Play in a channel where I can post, or ask a server manager to give me %s here.", missing, missing)
	}
	return nil
}

// missingPermissionsIn returns the permissions the bot lacks to post on
// its own in channel id of interaction r's server (a notification or
// daily puzzle channel a manager chooses with /tafl settings): see it,
// send messages (in a thread: send messages in threads) and attach a
// board's or puzzle's picture, as far as the bot can know them. In r's
// own channel they are those Discord sends with the interaction
// (missingPostPermissions); in another, in gateway mode, those the
// gateway's state cache gives (statePermissions). Where neither says
// (HTTP mode, which has no cache and asks Discord nothing more; a
// channel the cache does not hold), nothing is missing: a channel that
// cannot be checked is not refused, and a post Discord refuses there
// later is handled where it is made (postNotice, the daily puzzle's
// retries).
func (b *Bot) missingPermissionsIn(ctx context.Context, r *request, id string) permissionList {
	if r.in.GuildID == "" || id == "" {
		return nil
	}
	if id == r.in.ChannelID {
		return b.missingPostPermissions(ctx, r, false)
	}
	perms, thread, ok := b.statePermissions(r.in.GuildID, id)
	if !ok || perms&discordgo.PermissionAdministrator != 0 {
		return nil
	}
	var missing permissionList
	if perms&discordgo.PermissionViewChannel == 0 {
		missing = append(missing, "View Channel")
	}
	switch {
	case thread && perms&discordgo.PermissionSendMessagesInThreads == 0:
		missing = append(missing, "Send Messages in Threads")
	case !thread && perms&discordgo.PermissionSendMessages == 0:
		missing = append(missing, "Send Messages")
	}
	if perms&discordgo.PermissionAttachFiles == 0 {
		missing = append(missing, "Attach Files")
	}
	return missing
}

// statePermissions returns the bot's permissions in channel id of server
// guildID from the state cache of the gateway shard holding the server
// (its roles, the bot's member and the channel's overwrites; a thread's
// are its parent's, Discord setting none on a thread), whether the
// channel is a thread, and whether the cache knew them (never in HTTP
// mode).
func (b *Bot) statePermissions(guildID, id string) (perms int64, thread, ok bool) {
	for _, s := range b.shards {
		st := s.State
		if st == nil {
			continue
		}
		st.RLock()
		var me string
		if st.User != nil {
			me = st.User.ID
		}
		st.RUnlock()
		ch, err := st.Channel(id)
		if me == "" || err != nil || ch.GuildID != guildID {
			continue
		}
		target := id
		if thread = ch.IsThread(); thread {
			target = ch.ParentID
		}
		if perms, err = st.UserChannelPermissions(me, target); err == nil {
			return perms, thread, true
		}
	}
	return 0, false, false
}
