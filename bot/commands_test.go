package bot_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
)

func TestCommandDefinitions(t *testing.T) {
	cmds := bot.Commands()
	if len(cmds) != 1 || cmds[0].Name != "tafl" {
		t.Fatalf("want one /tafl command, got %d", len(cmds))
	}
	want := []string{"challenge", "move", "board", "games", "resign", "draw", "ai", "rules", "history", "analyse", "leaderboard", "stats", "settings", "puzzle", "vacation", "tournament", "help"}
	var got []string
	for _, o := range cmds[0].Options {
		got = append(got, o.Name)
		if len(o.Description) == 0 || len(o.Description) > 100 {
			t.Errorf("%s: description length %d", o.Name, len(o.Description))
		}
		if len(o.Options) > 25 {
			t.Errorf("%s has %d options", o.Name, len(o.Options))
		}
	}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("subcommands %v, want %v", got, want)
	}
}

func TestFinishedGameDisablesOldBoards(t *testing.T) {
	h := newHarness(t, nil)
	startGame(t, h)
	g := gameOf(t, h, alice)
	board, _ := h.slash(alice, "move", opt("move", g.Tafl().LegalMoves()[0].String()))
	waitFor(t, "the slash board to be remembered", func() bool { return len(gameOf(t, h, alice).BoardMessages) == 2 })
	g = gameOf(t, h, alice)
	board = menuMove(t, h, bob, board, g.Tafl().LegalMoves()[0])
	waitFor(t, "the menu board to be remembered", func() bool { return len(gameOf(t, h, alice).BoardMessages) == 3 })
	r, _ := h.click(bob, customIDs(board.Components)["Resign"], false)
	h.click(bob, customIDs(r.Components)["Yes, resign"], true)
	var edits []*recorded
	waitFor(t, "old boards to be edited", func() bool {
		edits = nil
		for _, rec := range h.fake.requests("/messages/") {
			if rec.Method == "PATCH" && strings.HasPrefix(rec.Path, "/api/v9/channels/") {
				edits = append(edits, rec)
			}
		}
		return len(edits) >= 3 // the accepted challenge, the slash move's board and the menu move's board
	})
	for _, e := range edits {
		var body struct {
			Components []json.RawMessage `json:"components"`
		}
		json.Unmarshal(e.Body, &body)
		m := decode(t, e.Body)
		for label, disabled := range buttons(m.Components) {
			if !disabled && label != "Analyse" && label != "Rematch" { // a finished game can be reviewed and rematched
				t.Errorf("%s: button %s still enabled", e.Path, label)
			}
		}
		if disabled, ok := buttons(m.Components)["Analyse"]; !ok || disabled {
			t.Errorf("%s: no enabled Analyse button on the finished game", e.Path)
		}
		if len(body.Components) == 0 {
			t.Errorf("%s: no components in the edit", e.Path)
		}
	}
}

// TestSettingsChannelsArePostable: the channel options of /tafl settings
// (reminders and results, the daily puzzle) offer only channels a
// message can be posted in; they offered every kind, categories and
// forums too, where the daily puzzle failed every day and reminders never
// arrived.
func TestSettingsChannelsArePostable(t *testing.T) {
	for _, o := range bot.Commands()[0].Options {
		if o.Name != "settings" {
			continue
		}
		found := 0
		for _, so := range o.Options {
			if so.Type != discordgo.ApplicationCommandOptionChannel {
				continue
			}
			found++
			if !slices.Contains(so.ChannelTypes, discordgo.ChannelTypeGuildText) || slices.Contains(so.ChannelTypes, discordgo.ChannelTypeGuildCategory) ||
				slices.Contains(so.ChannelTypes, discordgo.ChannelTypeGuildForum) || slices.Contains(so.ChannelTypes, discordgo.ChannelTypeGuildVoice) {
				t.Errorf("settings %s offers the channel kinds %v", so.Name, so.ChannelTypes)
			}
		}
		if found != 2 {
			t.Errorf("%d channel options in settings, want 2 (channel, daily_channel)", found)
		}
	}
}

// TestSettingsDescriptionNamesTheOwnSettings: the /tafl settings
// description names every setting of a player's own (the options that
// say "Your own setting"), in every language: it named the DM setting
// only, leaving out language.
func TestSettingsDescriptionNamesTheOwnSettings(t *testing.T) {
	var settings *discordgo.ApplicationCommandOption
	for _, o := range bot.Commands()[0].Options {
		if o.Name == "settings" {
			settings = o
		}
	}
	if settings == nil {
		t.Fatal("no settings subcommand")
	}
	own := 0
	for _, o := range settings.Options {
		if !strings.HasPrefix(o.Description, "Your own setting") {
			continue
		}
		own++
		word := strings.TrimSuffix(o.Name, "s") // dms: "DMs"
		if !strings.Contains(strings.ToLower(settings.Description), word) {
			t.Errorf("the settings description %q does not name the own setting %s", settings.Description, o.Name)
		}
	}
	if own < 2 {
		t.Errorf("%d own settings found, want dms and language", own)
	}
	if len(settings.DescriptionLocalizations) < 5 {
		t.Errorf("settings description localizations: %v", settings.DescriptionLocalizations)
	}
	for l, d := range settings.DescriptionLocalizations {
		if d == settings.Description {
			t.Errorf("%s: the settings description is not translated: %q", l, d)
		}
	}
}

// TestTournamentDescriptionNamesEveryAction: the /tafl tournament
// description names each action the action option offers, by the choice's
// name in each language Discord shows it in; it left out cancel.
func TestTournamentDescriptionNamesEveryAction(t *testing.T) {
	var sub *discordgo.ApplicationCommandOption
	for _, o := range bot.Commands()[0].Options {
		if o.Name == "tournament" {
			sub = o
		}
	}
	if sub == nil {
		t.Fatal("no tournament subcommand")
	}
	for _, o := range sub.Options {
		if o.Name != "action" {
			continue
		}
		for _, c := range o.Choices {
			if !strings.Contains(sub.Description, c.Name) {
				t.Errorf("the tournament description %q does not name the action %s", sub.Description, c.Name)
			}
			for l, name := range c.NameLocalizations {
				if d := sub.DescriptionLocalizations[l]; !strings.Contains(strings.ToLower(d), strings.ToLower(name)) {
					t.Errorf("%s: the tournament description %q does not name the action %s", l, d, name)
				}
			}
		}
	}
}
