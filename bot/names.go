package bot

import (
	"strings"
	"unicode"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/storage"
	"golang.org/x/text/unicode/norm"
)

// Display names. Every interaction carries its user's names (the member's
// server nickname, the user's global display name, the username), and the
// users named in its options come in the resolved data. The bot keeps the
// names with the game's seats (and the challenge) and shows them in the
// game picker, the board picture and .otg records, never raw ids.

// maxShownName bounds a name as the bot keeps and shows it, in runes.
const maxShownName = 40

// cleanName keeps a display name on one line, without control characters
// or bidirectional overrides (isBidiControl: the rest of a line the name
// is shown in would read mirrored), at most maxShownName runes, its
// accented letters composed (NFC: "é" as one letter where it was typed as
// e and a combining accent, as some systems write it; the pictures' font
// has no combining marks, and render.Legible would drop the accent). A
// name that shows nothing (zero-width spaces) is "", as none.
func cleanName(s string) string {
	s = norm.NFC.String(withoutBidiControls(s))
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return ' '
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if invisible(s) {
		return ""
	}
	if r := []rune(s); len(r) > maxShownName {
		s = string(r[:maxShownName-1]) + "…"
	}
	return s
}

// memberName returns the name Discord shows for a member (or user).
func memberName(m *discordgo.Member, u *discordgo.User) string {
	switch {
	case m != nil && m.Nick != "":
		return cleanName(m.Nick)
	case u != nil:
		return cleanName(u.DisplayName())
	case m != nil && m.User != nil:
		return cleanName(m.User.DisplayName())
	}
	return ""
}

// userName returns the display name of the user who sent the interaction.
func (r *request) userName() string {
	if r.in.Member != nil {
		return memberName(r.in.Member, r.in.Member.User)
	}
	return memberName(nil, r.in.User)
}

// resolvedName returns the display name of a user named in the
// interaction's options ("" when Discord did not resolve it).
func (r *request) resolvedName(id string) string {
	if r.in.Type != discordgo.InteractionApplicationCommand && r.in.Type != discordgo.InteractionApplicationCommandAutocomplete {
		return ""
	}
	res := r.in.ApplicationCommandData().Resolved
	if res == nil {
		return ""
	}
	return memberName(res.Members[id], res.Users[id])
}

// seatLabel returns how a seat is named in text the bot writes for people
// to read without mentions, in p's language (nil: English, as game
// records have it): the cached display name, "taflbot (level)" for the
// engine, "NAME (engine)" for an external engine, or "a player" when the
// name is not known yet.
func seatLabel(p *locale.Printer, s storage.Seat) string {
	if name, ok := strings.CutPrefix(s.AILevel, engineSeatPrefix); ok {
		return p.T("%s (engine)", name)
	}
	switch {
	case s.IsAI():
		return "taflbot (" + p.T(s.AILevel) + ")"
	case s.Name != "":
		return s.Name
	}
	return p.T("a player")
}

// pictureName returns a name as a picture can show it: a name the
// pictures' fonts cannot draw at all (Chinese, Arabic, emoji, …) would be
// left out or drawn as boxes, so it is "a player" there; text and alt
// texts keep the name itself.
func pictureName(p *locale.Printer, name string) string {
	if render.Legible(name) == "" && name != "" {
		return p.T("a player")
	}
	return name
}

// human returns the seat of a user with their display name.
func human(userID, name string) storage.Seat {
	s := storage.Human(userID)
	s.Name = cleanName(name)
	return s
}

// refreshName updates the cached name of userID's seat in g (inside
// storage.UpdateGame): a player who renamed shows under the new name.
func refreshName(g *storage.Game, userID, name string) {
	if name = cleanName(name); name == "" {
		return
	}
	for _, s := range []*storage.Seat{&g.Attackers, &g.Defenders} {
		if s.UserID == userID && s.Name != name {
			s.Name = name
		}
	}
}

// maxKnownNames bounds the display names the bot remembers from
// interactions; past it the memory starts afresh.
const maxKnownNames = 50000

// noteName remembers the display name a user's interaction carried, for
// seats created without one (a tournament's games are created by the bot,
// not by an interaction of their players).
func (b *Bot) noteName(userID, name string) {
	if userID == "" || name == "" {
		return
	}
	if old, loaded := b.names.Swap(userID, name); loaded && old == name {
		return
	} else if !loaded && b.namesN.Add(1) > maxKnownNames {
		b.names.Clear()
		b.namesN.Store(0)
	}
}

// knownName returns the display name last seen for a user ("" if none).
func (b *Bot) knownName(userID string) string {
	if v, ok := b.names.Load(userID); ok {
		return v.(string)
	}
	return ""
}
