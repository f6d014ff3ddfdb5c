package bot

import (
	"context"
	"regexp"
	"slices"
	"sync/atomic"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Command mentions. A text names a subcommand as "`/tafl NAME`" (in
// backticks, without options) in every language, and the bot turns each
// into Discord's command mention "</tafl NAME:ID>" as the message leaves
// for Discord: the client shows a mention in the reader's language (the
// Danish "/tafl udfordr") and runs the command when it is clicked. The
// id is the one Discord gave /tafl when the bot registered it; until then
// (and in console mode, whose REST registers nothing with Discord) the
// text keeps the plain "`/tafl NAME`". Options cannot be mentioned: texts
// write them with the option names of their own language (see
// TestCatalogCommandReferences).

// commandRef matches a subcommand named in a text.
var commandRef = regexp.MustCompile("`/tafl ([a-z_]+)`")

// subcommands are the names of /tafl's subcommands.
var subcommands = func() []string {
	var out []string
	for _, o := range commands(nil)[0].Options {
		out = append(out, o.Name)
	}
	return out
}()

// mentionCommands returns text with each "`/tafl NAME`" naming one of
// /tafl's subcommands replaced by its mention, for the command id id
// (text unchanged when id is "").
func mentionCommands(text, id string) string {
	if id == "" {
		return text
	}
	return commandRef.ReplaceAllStringFunc(text, func(ref string) string {
		name := commandRef.FindStringSubmatch(ref)[1]
		if !slices.Contains(subcommands, name) {
			return ref
		}
		return "</tafl " + name + ":" + id + ">"
	})
}

// contentLimit is Discord's limit on a message's content (the embeds'
// are with the rules pages', cmd_rules.go).
const contentLimit = 2000

// mentionWithin is mentionCommands, unless the mentions (each some
// twenty characters longer than the plain name) would take text beyond
// limit characters: then Discord would refuse the message, and the plain
// names are kept.
func mentionWithin(text, id string, limit int) string {
	if m := mentionCommands(text, id); utf8.RuneCountInString(m) <= limit {
		return m
	}
	return text
}

// mentionEmbeds returns embeds with the commands in their descriptions
// and field values (where Discord shows mentions) mentioned; the embeds
// are copied, not changed.
func mentionEmbeds(embeds []*discordgo.MessageEmbed, id string) []*discordgo.MessageEmbed {
	if id == "" || len(embeds) == 0 {
		return embeds
	}
	out := make([]*discordgo.MessageEmbed, len(embeds))
	for i, e := range embeds {
		if e == nil {
			continue
		}
		c := *e
		c.Description = mentionWithin(e.Description, id, maxEmbedDesc)
		if len(e.Fields) > 0 {
			c.Fields = make([]*discordgo.MessageEmbedField, len(e.Fields))
			for j, f := range e.Fields {
				if f != nil {
					fc := *f
					fc.Value = mentionWithin(f.Value, id, maxEmbedFieldValue)
					f = &fc
				}
				c.Fields[j] = f
			}
		}
		out[i] = &c
	}
	return out
}

// pingable is the AllowedMentions of a message that sets none: Discord
// would ping everything its text mentions, @everyone, @here and roles
// too; the bot never means to ping more than users, whatever a text
// holds (a user's string in it is escaped, usertext.go, and this is the
// net under a string that was not).
var pingable = &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{discordgo.AllowedMentionTypeUsers}}

// allowed returns am, or pingable when the message sets none.
func allowed(am *discordgo.MessageAllowedMentions) *discordgo.MessageAllowedMentions {
	if am == nil {
		return pingable
	}
	return am
}

// mentionResponse returns an interaction response with its commands
// mentioned and, when it is a message, its pings limited to users where
// it sets none (a copy; r itself is not changed).
func mentionResponse(r *discordgo.InteractionResponse, id string) *discordgo.InteractionResponse {
	if r == nil || r.Data == nil {
		return r
	}
	c, d := *r, *r.Data
	switch r.Type {
	case discordgo.InteractionResponseChannelMessageWithSource, discordgo.InteractionResponseUpdateMessage:
		// Only a message carries allowed_mentions; autocomplete choices,
		// a modal and a deferral's flags are documented without it.
		d.AllowedMentions = allowed(d.AllowedMentions)
	}
	if id != "" {
		d.Content = mentionWithin(d.Content, id, contentLimit)
		d.Embeds = mentionEmbeds(d.Embeds, id)
	}
	c.Data = &d
	return &c
}

// mentionREST is the bot's REST: it mentions the commands in every
// message it sends, once the commands are registered, and pings no more
// than users with a new message that does not say whom it pings.
type mentionREST struct {
	REST
	id *atomic.Pointer[string] // /tafl's id, set by RegisterCommands
}

func (m mentionREST) commandID() string {
	if p := m.id.Load(); p != nil {
		return *p
	}
	return ""
}

func mentionPtr(s *string, id string) *string {
	if s == nil || id == "" {
		return s
	}
	t := mentionWithin(*s, id, contentLimit)
	return &t
}

func mentionEmbedsPtr(e *[]*discordgo.MessageEmbed, id string) *[]*discordgo.MessageEmbed {
	if e == nil || id == "" {
		return e
	}
	out := mentionEmbeds(*e, id)
	return &out
}

func (m mentionREST) Respond(ctx context.Context, in *discordgo.Interaction, r *discordgo.InteractionResponse) error {
	return m.REST.Respond(ctx, in, mentionResponse(r, m.commandID()))
}

func (m mentionREST) EditResponse(ctx context.Context, in *discordgo.Interaction, e *discordgo.WebhookEdit) (*discordgo.Message, error) {
	if e != nil {
		// A deferred reply delivered by this edit pings nobody (Discord
		// pings for no edit: one that must ping is posted as a follow-up,
		// deliverLate); it still carries the users-only net.
		c := *e
		c.AllowedMentions = allowed(e.AllowedMentions)
		if id := m.commandID(); id != "" {
			c.Content, c.Embeds = mentionPtr(e.Content, id), mentionEmbedsPtr(e.Embeds, id)
		}
		e = &c
	}
	return m.REST.EditResponse(ctx, in, e)
}

func (m mentionREST) Followup(ctx context.Context, in *discordgo.Interaction, p *discordgo.WebhookParams) (*discordgo.Message, error) {
	if p != nil {
		c := *p
		c.AllowedMentions = allowed(p.AllowedMentions)
		if id := m.commandID(); id != "" {
			c.Content, c.Embeds = mentionWithin(p.Content, id, contentLimit), mentionEmbeds(p.Embeds, id)
		}
		p = &c
	}
	return m.REST.Followup(ctx, in, p)
}

func (m mentionREST) Send(ctx context.Context, channelID string, s *discordgo.MessageSend) (*discordgo.Message, error) {
	return m.REST.Send(ctx, channelID, m.send(s))
}

func (m mentionREST) DM(ctx context.Context, userID string, s *discordgo.MessageSend) error {
	return m.REST.DM(ctx, userID, m.send(s))
}

func (m mentionREST) send(s *discordgo.MessageSend) *discordgo.MessageSend {
	if s == nil {
		return s
	}
	c := *s
	c.AllowedMentions = allowed(s.AllowedMentions)
	id := m.commandID()
	if id == "" {
		return &c
	}
	c.Content, c.Embeds = mentionWithin(s.Content, id, contentLimit), mentionEmbeds(s.Embeds, id)
	if s.Embed != nil {
		c.Embed = mentionEmbeds([]*discordgo.MessageEmbed{s.Embed}, id)[0]
	}
	return &c
}

func (m mentionREST) Edit(ctx context.Context, e *discordgo.MessageEdit) error {
	if id := m.commandID(); id != "" && e != nil {
		c := *e
		c.Content, c.Embeds = mentionPtr(e.Content, id), mentionEmbedsPtr(e.Embeds, id)
		e = &c
	}
	return m.REST.Edit(ctx, e)
}
