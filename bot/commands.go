package bot

import (
	"fmt"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
)

// DaysChoices are the days per move the days option offers; any other
// from 1 to storage.MaxDaysPerMove may be typed.
var DaysChoices = []int{1, 2, 3, 5, 7, 14}

// CommandName is the one top-level slash command.
const CommandName = "tafl"

// Levels are the engine's strengths, weakest first.
var Levels = []string{"easy", "medium", "hard", "max"}

func languageChoices() []*discordgo.ApplicationCommandOptionChoice {
	out := []*discordgo.ApplicationCommandOptionChoice{{Name: "Discord's language", Value: "discord"}}
	for _, l := range locale.Langs {
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: l.Name, Value: l.Tag.String()})
	}
	return out
}

func tournamentActionChoices() []*discordgo.ApplicationCommandOptionChoice {
	var out []*discordgo.ApplicationCommandOptionChoice
	for _, a := range tournamentActions {
		out = append(out, &discordgo.ApplicationCommandOptionChoice{Name: a, Value: a})
	}
	return out
}

// Commands returns the definition of /tafl and its subcommands, registered
// with one bulk overwrite, for a bot without external engines.
func Commands() []*discordgo.ApplicationCommand { return CommandsWith(nil) }

// postChannels are the kinds of channel /tafl settings offers for the
// bot's posts (reminders and results, the daily puzzle): those a message
// can be posted in. Discord's picker would otherwise offer categories,
// forums and voice channels too, where every post fails.
var postChannels = []discordgo.ChannelType{discordgo.ChannelTypeGuildText, discordgo.ChannelTypeGuildNews,
	discordgo.ChannelTypeGuildPublicThread, discordgo.ChannelTypeGuildNewsThread}

// CommandsWith returns the definition of /tafl for a bot offering the
// external engines named (the engine option of /tafl ai lists them), with
// the names and descriptions in every language Discord has a locale for.
func CommandsWith(engineNames []string) []*discordgo.ApplicationCommand {
	return localizeCommands(commands(engineNames))
}

func commands(engineNames []string) []*discordgo.ApplicationCommand {
	str := func(name, desc string, required, auto bool) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name,
			Description: desc, Required: required, Autocomplete: auto}
	}
	user := func(name, desc string) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: name, Description: desc}
	}
	variant := str("variant", "The variant (default: the server's)", false, true)
	game := str("game", "Which game (needed when you have several here)", false, true)
	side := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "side",
		Description: "Your side (default: random)", Choices: []*discordgo.ApplicationCommandOptionChoice{
			{Name: "attackers", Value: "attackers"}, {Name: "defenders (with the king)", Value: "defenders"}, {Name: "random", Value: "random"}}}
	// days: any whole number the settings accept (1 to 30); autocomplete
	// offers the usual ones (DaysChoices). Discord checks the range; an
	// option with autocomplete accepts whatever is typed.
	minDays, zero, oneHour, firstPage := 1.0, 0.0, 1.0, 1.0
	daysOpt := func(desc string) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "days",
			Description: desc, MinValue: &minDays, MaxValue: storage.MaxDaysPerMove, Autocomplete: true}
	}
	days := daysOpt("Days per move (default: the server's, usually 3)")
	live := str("time", "A live game on a chess clock: minutes+seconds, such as 10+5", false, true)
	var levels []*discordgo.ApplicationCommandOptionChoice
	for _, l := range Levels {
		levels = append(levels, &discordgo.ApplicationCommandOptionChoice{Name: l, Value: l})
	}
	aiOpts := []*discordgo.ApplicationCommandOption{variant, side, {Type: discordgo.ApplicationCommandOptionString,
		Name: "level", Description: "How strong the bot plays (default: medium)", Choices: levels}, days, live}
	if len(engineNames) > 0 {
		var choices []*discordgo.ApplicationCommandOptionChoice
		for _, n := range engineNames {
			choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: n, Value: n})
		}
		aiOpts = append(aiOpts, &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString,
			Name: "engine", Description: "Play another engine set up on this bot instead of taflbot's own", Choices: choices})
	}
	sub := func(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: desc, Options: opts}
	}
	dm := true
	return []*discordgo.ApplicationCommand{{
		Name:         CommandName,
		Description:  "Play tafl games (Hnefatafl, Tablut, Brandubh, …)",
		DMPermission: &dm,
		Options: []*discordgo.ApplicationCommandOption{
			sub("challenge", "Challenge someone (or anyone) to a game", user("opponent", "Who to challenge (empty: anyone may accept)"), variant, side, days, live,
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "casual",
					Description: "Casual: the game does not change ratings (default: the server's, usually rated)"}),
			sub("move", "Make a move, such as d1-d4", str("move", "Your move, such as d1-d4 (start typing for a list)", true, true), game),
			sub("board", "Show a game's board again", game, &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean,
				Name: "text", Description: "Describe the board in words instead of a picture (for screen readers)"}),
			sub("games", "List active games", user("user", "Whose games (default: yours)")),
			sub("resign", "Resign a game (asks to confirm); server managers can end others' games without a result", game),
			sub("draw", "Offer, accept or withdraw a draw", game),
			sub("ai", "Play against the bot", aiOpts...),
			sub("rules", "The rules of a variant, with its start board", variant),
			sub("history", "A game's record (.otg) and an animated replay", game),
			sub("analyse", "The engine's review of a finished game: how each side stood, turning points, better moves", game),
			sub("leaderboard", "The best-rated players of this server", variant, &discordgo.ApplicationCommandOption{
				Type: discordgo.ApplicationCommandOptionInteger, Name: "page", MinValue: &firstPage,
				Description: "Which page of the leaderboard, ten players each (default: 1)"}),
			sub("stats", "A player's record and ratings", user("user", "Whose (default: yours)")),
			sub("settings", "Server settings (managers only), and your own DMs and language", &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString,
				Name: "variant", Description: "Default variant", Autocomplete: true},
				daysOpt(fmt.Sprintf("Default days per move (1-%d)", storage.MaxDaysPerMove)),
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "threads", Description: "Give every game its own thread"},
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "casual", Description: "Challenges are casual unless they say otherwise"},
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "casual_help", Description: "In casual games the move autocomplete may say which moves capture or win"},
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionChannel, Name: "channel", Description: "Where reminders and results go", ChannelTypes: postChannels},
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "game_channel", Description: "True: reminders and results go to each game's own channel or thread again"},
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "dms", Description: "Your own setting: reminders and results by direct message too"},
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "vacation", MinValue: &zero, MaxValue: storage.MaxVacationDays,
					Description: fmt.Sprintf("Days a year a player may pause their clocks (0: none; default %d)", storage.DefaultVacationDays)},
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "language", Description: "Your own setting: the language I answer you in",
					Choices: languageChoices()},
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "hints", Description: "Offer a Hint button in casual games against the engine (default: on)"},
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionChannel, Name: "daily_channel", Description: "Post a daily puzzle in this channel", ChannelTypes: postChannels},
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "daily_hour", Description: "The hour (UTC, 0-23) of the daily puzzle"},
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "daily", Description: "False stops the daily puzzle"},
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "server_language", Description: "The language of games, challenges and tournaments here",
					Choices: languageChoices()},
				user("leaderboard_hide", "Hide a player from this server's leaderboard (their rating and games are kept)"),
				user("leaderboard_show", "Show a player hidden from the leaderboard on it again")),
			sub("puzzle", "A puzzle: find the forced win (rated)", variant),
			sub("vacation", "Pause your clocks here (a server or our DMs) for some days; see how many you have left", &discordgo.ApplicationCommandOption{
				Type: discordgo.ApplicationCommandOptionInteger, Name: "days", MinValue: &zero, MaxValue: storage.MaxVacationDays,
				Description: "Days of vacation from now (0 ends your vacation; empty: show what you have left)"}),
			sub("tournament", "Tournaments: create (managers), join, leave, start, withdraw, standings, cancel",
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "action", Description: "What to do (default: standings)",
					Choices: tournamentActionChoices()},
				str("tournament", "Which tournament (default: this thread's, or the only one)", false, true),
				str("name", "The new tournament's name", false, false),
				variant,
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "format", Description: "Round robin or Swiss (default: Swiss)",
					Choices: []*discordgo.ApplicationCommandOptionChoice{{Name: "Swiss", Value: "swiss"}, {Name: "round robin", Value: "round-robin"}}},
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "rounds", Description: "Rounds of a Swiss (default 5)"},
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "double", Description: "Every pairing plays twice, once with each side"},
				days, live,
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "signup", MinValue: &oneHour, MaxValue: maxSignup.Hours(),
					Description: "Hours until sign-up closes and round 1 starts (default 48)"},
				&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "casual",
					Description: "Casual: the game does not change ratings (default: the server's, usually rated)"},
				user("player", "Withdraw: whom (server managers only; default: yourself)")),
			sub("help", "How to play, and the commands"),
		},
	}}
}
