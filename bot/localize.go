package bot

import (
	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/locale"
	"golang.org/x/text/language"
)

// printer returns the language to answer an interaction in: the user's
// Discord locale, else the server's, else English.
func printer(in *discordgo.Interaction) *locale.Printer {
	guild := ""
	if in.GuildLocale != nil {
		guild = string(*in.GuildLocale)
	}
	return locale.For(locale.Match(string(in.Locale), guild))
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
