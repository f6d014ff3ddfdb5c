package bot

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
	"golang.org/x/text/language"
)

// printer returns the language to answer an interaction in: the one the
// user chose (/tafl settings language, the only way to get Icelandic,
// which Discord has no locale for), else the user's Discord locale, else
// the server's, else English.
func printer(chosen string, in *discordgo.Interaction) *locale.Printer {
	guild := ""
	if in.GuildLocale != nil {
		guild = string(*in.GuildLocale)
	}
	return locale.For(locale.Match(chosen, string(in.Locale), guild))
}

// langTTL is how long a process answers a user in the language it read
// for them before reading it again: in a deployment of several
// processes, a language chosen through one reaches the others within
// this long, at the cost of one read per active user a minute.
const langTTL = time.Minute

// chosenLang is a user's chosen language as this process last read it.
type chosenLang struct {
	lang string
	at   time.Time // when it was read (or set here)
}

// chosenLanguage returns the language a user chose ("" for none), the
// same in every server and direct message, from a cache filled on use
// and kept by /tafl settings, so that an interaction costs no extra read.
// An entry older than langTTL is read again, so that a choice made
// through another process of the same database holds here within a
// minute; if that read fails, the language last read stands.
func (b *Bot) chosenLanguage(ctx context.Context, userID string) string {
	if userID == "" {
		return ""
	}
	now := b.now()
	v, cached := b.langs.Load(userID)
	if cached {
		e := v.(chosenLang)
		if age := now.Sub(e.at); age >= 0 && age < langTTL {
			return e.lang
		}
	}
	lang, err := b.store.UserLanguage(ctx, userID)
	if err != nil {
		if cached {
			return v.(chosenLang).lang
		}
		return "" // not cached: try again next time
	}
	b.rememberLang(userID, chosenLang{lang, now})
	return lang
}

// maxCachedLangs bounds the languages a process keeps read (see
// rememberLang), as maxKnownNames bounds the display names.
const maxCachedLangs = 50000

// rememberLang keeps a user's language as read (or set) now. When a new
// entry takes the cache past maxCachedLangs, the entries older than
// langTTL, which would be read again anyway, are dropped; if more than
// half the bound are still fresh (that many users in a minute), the cache
// starts afresh, so that the next new users do not each sweep it.
func (b *Bot) rememberLang(userID string, e chosenLang) {
	if _, loaded := b.langs.Swap(userID, e); loaded || b.langsN.Add(1) <= maxCachedLangs {
		return
	}
	if !b.langsSweep.TryLock() {
		return // another call is sweeping
	}
	defer b.langsSweep.Unlock()
	now, fresh := b.now(), 0
	b.langs.Range(func(k, v any) bool {
		if age := now.Sub(v.(chosenLang).at); age >= 0 && age < langTTL {
			fresh++
		} else if b.langs.CompareAndDelete(k, v) {
			b.langsN.Add(-1)
		}
		return true
	})
	if fresh > maxCachedLangs/2 {
		b.langs.Clear()
		b.langsN.Store(0)
	}
}

// localizeCommands adds the names and descriptions of every language
// Discord has a locale for to a command tree (Icelandic has none). Keys
// come from package locale: "name."+name, and the English description or
// choice name itself. A key missing from the catalog leaves the English
// text (TestCommandsAreLocalized fails on it).
func localizeCommands(cmds []*discordgo.ApplicationCommand) []*discordgo.ApplicationCommand {
	for _, c := range cmds {
		names, descs := localizations("name."+c.Name), localizations(c.Description)
		c.NameLocalizations, c.DescriptionLocalizations = &names, &descs
		localizeOptions(c.Options)
	}
	return cmds
}

func localizeOptions(opts []*discordgo.ApplicationCommandOption) {
	for _, o := range opts {
		o.NameLocalizations, o.DescriptionLocalizations = localizations("name."+o.Name), localizations(o.Description)
		for _, ch := range o.Choices {
			ch.NameLocalizations = localizations(ch.Name)
		}
		localizeOptions(o.Options)
	}
}

// localizations returns key's text in each language Discord knows.
func localizations(key string) map[discordgo.Locale]string {
	out := map[discordgo.Locale]string{}
	for _, l := range locale.Langs {
		if l.Discord == "" || l.Tag == language.English {
			continue
		}
		if text, ok := locale.Text(l.Tag, key); ok {
			out[discordgo.Locale(l.Discord)] = text
		}
	}
	return out
}

// publicLang returns the language of the public messages of a game,
// challenge or tournament created by request r: the server's language
// (/tafl settings server_language, set by managers), else Discord's locale
// of the server, else (in direct messages) the user's own.
func (b *Bot) publicLang(ctx context.Context, r *request) string {
	if r.in.GuildID != "" {
		if gs, err := b.guildSettings(ctx, r.in.GuildID); err == nil && gs.Language != "" {
			return gs.Language
		}
		if r.in.GuildLocale != nil && *r.in.GuildLocale != "" {
			return locale.Match(string(*r.in.GuildLocale)).String()
		}
	}
	return r.p.Tag().String()
}

// playerP returns the printer of a message to one player of game g
// outside an interaction (a direct message, a reminder): the language
// the player chose, else the game's.
func (b *Bot) playerP(ctx context.Context, g *storage.Game, userID string) *locale.Printer {
	return locale.For(locale.Match(b.chosenLanguage(ctx, userID), g.Language))
}

// shownLabel is the label of a button (key, its catalog key: "Move") as
// messages in languages langs (a game's, a challenge's, a tournament's)
// show it, for a reply naming the button to a reader whose own language
// may be another: "Zug" for a German board under an English reply. Where
// the languages' labels differ, each is named once, joined by " / ".
func shownLabel(key string, langs ...string) string {
	var labels []string
	for _, lang := range langs {
		if l := locale.For(locale.Match(lang)).T(key); !slices.Contains(labels, l) {
			labels = append(labels, l)
		}
	}
	return strings.Join(labels, " / ")
}

// choicesOf is an argument of a userError that names the choices of
// option opt of subcommand sub, in the words of whoever reads the error
// (shownChoices): for a refusal of a value that is none of them, which
// only a forged interaction sends (Discord's picker offers no other).
type choicesOf struct{ sub, opt string }

// shownChoices lists the choices of option opt of subcommand sub as
// Discord's picker shows them to a reader of p's language — the names
// registered in it, the English ones in English and in Icelandic, which
// Discord has no locale for — each in bold, as alternatives: "**attackers**,
// **defenders (with the king)** or **random**".
func shownChoices(p *locale.Printer, sub, opt string) string {
	var names []string
	for _, s := range commands(nil)[0].Options {
		for _, o := range s.Options {
			if s.Name != sub || o.Name != opt {
				continue
			}
			for _, ch := range o.Choices {
				names = append(names, "**"+shownName(p.Tag(), ch.Name)+"**")
			}
		}
	}
	return andList(names, p.T(" or "))
}

// shownName is the name english (of a command, option or choice) as
// Discord shows it to a reader of language tag: its registered
// localization, or english where Discord has no locale for tag or the
// name none in it.
func shownName(tag language.Tag, english string) string {
	for _, l := range locale.Langs {
		if l.Tag == tag && l.Discord != "" {
			if s, ok := localizations(english)[discordgo.Locale(l.Discord)]; ok {
				return s
			}
		}
	}
	return english
}
