package bot

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
)

// cmdLeaderboard handles /tafl leaderboard [variant] [page]: the
// best-rated players of the server in a variant, ten a page, or, without
// one, in every variant that has rated games. The established ratings
// come first, then the provisional ones, under a heading that says so
// (storage.Store.Leaderboard's order); players whose shown ratings are
// equal share a place. A caller not on the page shown sees their own
// place below it.
func (b *Bot) cmdLeaderboard(ctx context.Context, r *request) (*reply, error) {
	if r.in.GuildID == "" {
		return nil, userErrorf("Leaderboards are per server: use this command in a server.")
	}
	page, pageTyped := 1, int64(1) // pageTyped: the page as typed, for the answers that name it
	if n, ok := r.int("page"); ok {
		if n < 1 {
			return nil, userErrorf("There is no page %d: the pages count from 1.", n)
		}
		page, pageTyped = int(min(n, math.MaxInt32)), n
	}
	var names []string
	perVariant := leaderboardPage
	switch asked := strings.TrimSpace(r.str("variant")); {
	case strings.EqualFold(asked, "custom"):
		// Games played under rules strings share one rating, which the
		// leaderboard and /tafl stats call custom.
		names = []string{"custom"}
	case isRulesString(asked):
		return nil, userErrorf("The games of every rules string are rated together, as `custom`: `/tafl leaderboard` `variant:custom` shows them.")
	case asked != "":
		cv, err := parseVariant(asked, b.defaultVariant, noRules)
		if err != nil {
			return nil, err
		}
		names = []string{cv.name}
	default:
		var err error
		if names, err = b.store.LeaderboardVariants(ctx, r.in.GuildID); err != nil {
			return nil, err
		}
		if len(names) == 0 {
			return &reply{resp: ephemeral(r.p.T("Nobody has a rated game in this server yet: finish a game against someone (`/tafl challenge`) to get on the leaderboard.") + b.ratedChallenge(ctx, r))}, nil
		}
		if len(names) > 1 {
			if page > 1 {
				return nil, userErrorf("Several variants have rated games here: `/tafl leaderboard` `variant:…` `page:%d` shows that page of one of them.", pageTyped)
			}
			perVariant = 5
		}
	}
	boards := make([][]storage.LeaderboardEntry, len(names))
	shown := false // a leaderboard with players: only then is the answer public
	for i, name := range names {
		all, err := b.store.Leaderboard(ctx, r.in.GuildID, name, 0)
		if err != nil {
			return nil, err
		}
		boards[i], shown = all, shown || len(all) > 0
	}
	pages := 1
	if len(names) == 1 && len(boards[0]) > 0 {
		pages = (len(boards[0]) + perVariant - 1) / perVariant
		if page > pages && names[0] == "custom" {
			return nil, userErrorf("The custom leaderboard has no page %[1]d: its last is `/tafl leaderboard` `variant:custom` `page:%[2]d`.", pageTyped, pages)
		}
		if page > pages {
			return nil, userErrorf("The %[1]s leaderboard has no page %[2]d: its last is `/tafl leaderboard` `variant:%[1]s` `page:%[3]d`.", names[0], pageTyped, pages)
		}
	}
	write := func(n int) string { // at most n players of each variant
		var sb strings.Builder
		more := false // a variant with more players than shown
		for i, name := range names {
			all := boards[i]
			switch {
			case len(all) == 0 && name == "custom":
				sb.WriteString(r.p.T("Nobody has a rated custom game in this server yet.") + "\n")
				continue
			case len(all) == 0:
				sb.WriteString(r.p.T("Nobody has a rated %s game in this server yet.", name) + "\n")
				continue
			}
			sb.WriteString(r.p.T("**Leaderboard · %s**", ratingName(r.p, name)) + "\n")
			places := leaderboardPlaces(all)
			line := func(j int) {
				e := all[j]
				fmt.Fprintf(&sb, "%d. <@%s> · %s · %s · %s\n", places[j], e.UserID, ratingText(r.p, e.Rating), ratedGames(r.p, e.Games()), winsDrawsLosses(r.p, e.Wins, e.Draws, e.Losses))
			}
			from := (page - 1) * perVariant
			to := min(from+n, len(all))
			more = more || to < len(all)
			me := slices.IndexFunc(all, func(e storage.LeaderboardEntry) bool { return e.UserID == r.userID })
			if me >= 0 && me < from {
				line(me)
				sb.WriteString("…\n")
			}
			for j := from; j < to; j++ {
				// The provisional ratings' heading, where established
				// ones come before them. It names the bound as the
				// lines show a rating's uncertainty, as its interval
				// (±2 RD: ratingText), not as the deviation itself.
				if all[j].Rating.Provisional() && !all[0].Rating.Provisional() && (j == from || !all[j-1].Rating.Provisional()) {
					sb.WriteString(r.p.T("*Provisional ratings (interval over ±%d), after the established ones:*", 2*storage.ProvisionalDeviation) + "\n")
				}
				line(j)
			}
			if me >= to {
				sb.WriteString("…\n")
				line(me)
			}
			if len(names) == 1 && pages > 1 {
				if page < pages {
					sb.WriteString(r.p.T("Page %d of %d · `/tafl leaderboard` `variant:%s` `page:%d` shows the next.", page, pages, name, page+1) + "\n")
				} else {
					sb.WriteString(r.p.T("Page %d of %d.", page, pages) + "\n")
				}
			}
		}
		if len(names) > 1 && more {
			sb.WriteString(r.p.T("`/tafl leaderboard` `variant:…` shows every player of one variant, ten a page.") + "\n")
		}
		return sb.String()
	}
	if !shown {
		// Only one variant asked for can be empty: say how to get on it.
		how := r.p.T("Finish a game of it against someone (`/tafl challenge` `variant:%s`) to get on this leaderboard.", names[0])
		if names[0] == "custom" {
			how = r.p.T("Finish a game under a rules string against someone (`/tafl challenge` with the rules string as `variant`) to get on this leaderboard.")
		}
		return &reply{resp: ephemeral(strings.TrimSpace(write(perVariant)) + " " + how + b.ratedChallenge(ctx, r))}, nil
	}
	// Every variant with fewer players where all of them would not fit in
	// one message, rather than the message cut off.
	text := write(perVariant)
	for n := perVariant - 1; n > 0 && len(text) > maxLeaderboard; n-- {
		text = write(n)
	}
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: truncate(text, maxLeaderboard), AllowedMentions: &discordgo.MessageAllowedMentions{}}}}, nil
}

// ratedChallenge completes the advice of an empty leaderboard to finish
// a game (/tafl challenge) in a server whose challenges are casual unless
// they say otherwise (/tafl settings casual:True): such a game changes no
// rating, so it says to make the challenge rated. Elsewhere, or if the
// settings cannot be read, it returns "".
func (b *Bot) ratedChallenge(ctx context.Context, r *request) string {
	gs, err := b.guildSettings(ctx, r.in.GuildID)
	if err != nil || !gs.CasualDefault {
		return ""
	}
	return " " + r.p.T("Challenges here are casual unless they say otherwise: add `casual:False` to play a rated game.")
}

// leaderboardPage is how many players a page of one variant's
// leaderboard shows.
const leaderboardPage = 10

// leaderboardPlaces returns the place of each player of a leaderboard (in
// storage.Store.Leaderboard's order): players whose ratings are shown
// equal (the same whole number, both established or both provisional)
// share a place, and the next place counts them all ("1, 1, 3").
func leaderboardPlaces(all []storage.LeaderboardEntry) []int {
	places := make([]int, len(all))
	for i, e := range all {
		places[i] = i + 1
		if i > 0 {
			prev := all[i-1].Rating
			if prev.Provisional() == e.Rating.Provisional() && math.Round(prev.Rating) == math.Round(e.Rating.Rating) {
				places[i] = places[i-1]
			}
		}
	}
	return places
}

// maxLeaderboard is the longest leaderboard message, in bytes (Discord
// counts characters, at most 2000).
const maxLeaderboard = 1990

// cmdStats handles /tafl stats [user].
func (b *Bot) cmdStats(ctx context.Context, r *request) (*reply, error) {
	user := r.user("user")
	if user == "" {
		user = r.userID
	}
	if data := r.in.ApplicationCommandData(); user != r.userID && data.Resolved != nil {
		if u := data.Resolved.Users[user]; u != nil && u.Bot {
			// Bots play no games here (taflbot included: its games are
			// counted in each player's record, against taflbot).
			return nil, userErrorf("Bots have no stats here: a player's games against me are in their own `/tafl stats`.")
		}
	}
	if r.in.GuildID == "" && user != r.userID {
		// A direct message's record is of the user's games against the
		// engine and puzzles there, which their boards keep to them.
		return nil, userErrorT("stats.dm_others")
	}
	p, err := b.store.GetPlayer(ctx, r.in.GuildID, user)
	if err != nil && !isNotFound(err) {
		return nil, err
	}
	// A record kept only for the player's settings (dms, language, a
	// vacation) has nothing to show either.
	if err != nil || p.Wins+p.Losses+p.Draws+p.AIWins+p.AILosses+p.AIDraws == 0 && len(p.Variants) == 0 && p.Puzzles.Solved+p.Puzzles.Failed == 0 {
		switch {
		case user != r.userID:
			return &reply{resp: ephemeral(r.p.T("<@%s> has not finished a game here yet.", user))}, nil
		case r.in.GuildID == "":
			// No challenge in a direct message: the engine and puzzles.
			return &reply{resp: ephemeral(r.p.T("You have not finished a game here yet: play me with `/tafl ai`, or try a puzzle with `/tafl puzzle`."))}, nil
		}
		return &reply{resp: ephemeral(r.p.T("You have not finished a game here yet: challenge someone with `/tafl challenge`, or play me with `/tafl ai`."))}, nil
	}
	var sb strings.Builder
	// Each count takes its own plural form ('1 voitto, 2 tappiota').
	// Won, drawn, lost: the order of the ratings' W-D-L below.
	results := func(w, d, l int) string {
		return r.p.T("%d won", w) + ", " + r.p.T("%d drawn", d) + ", " + r.p.T("%d lost", l)
	}
	sb.WriteString(r.p.T("**Stats of <@%s>**", user) + "\n")
	// A direct message's record has no games against people: a
	// challenge is refused there.
	if r.in.GuildID != "" || p.Wins+p.Losses+p.Draws > 0 {
		sb.WriteString(r.p.T("Against people: %s", results(p.Wins, p.Draws, p.Losses)) + "\n")
	}
	sb.WriteString(r.p.T("Against taflbot: %s", results(p.AIWins, p.AIDraws, p.AILosses)) + "\n")
	// Ratings as they stand now: a deviation grows while its player does
	// not play (storage.Rating.Aged).
	now := b.now()
	for _, name := range slices.Sorted(maps.Keys(p.Variants)) {
		v := p.Variants[name]
		fmt.Fprintf(&sb, "%s: %s · %s, %s\n", ratingName(r.p, name), ratingText(r.p, p.RatingAt(name, now)), ratedGames(r.p, v.Games()), winsDrawsLosses(r.p, v.Wins, v.Draws, v.Losses))
	}
	if pz := p.Puzzles; pz.Solved+pz.Failed > 0 {
		sb.WriteString(r.p.T("Puzzle rating: %s · %d solved, %d not", ratingText(r.p, p.PuzzleRatingAt(now)), pz.Solved, pz.Failed) + "\n")
	}
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: sb.String(), AllowedMentions: &discordgo.MessageAllowedMentions{}}}}, nil
}

// ratingName names the rating of name, a preset's (as it is) or the
// games of rules strings' ("custom", in p's words: "eigene Variante").
func ratingName(p *locale.Printer, name string) string {
	if name == "custom" {
		return p.T("variant.custom")
	}
	return name
}

// ratingText writes a rating with its 95 % interval, marked provisional
// while its deviation is large (storage.Rating.Provisional).
func ratingText(p *locale.Printer, r storage.Rating) string {
	// Rounded as the leaderboard ranks it (math.Round: 1600.5 is 1601,
	// where %.0f would round to even).
	s := fmt.Sprintf("%.0f (±%.0f)", math.Round(r.Rating), 2*r.Deviation)
	if r.Provisional() {
		s += " " + p.T("provisional")
	}
	return s
}

// shownRatings rounds a rating before and after a change to the whole
// numbers shown, so that the change shown beside them is their
// difference ('1662 → 1671 (+9)', where 1662.3 → 1670.6 is 8.3).
func shownRatings(before, after storage.Rating) (float64, float64) {
	return math.Round(before.Rating), math.Round(after.Rating)
}

// winsDrawsLosses writes a record of rated games as a tournament's
// standings do, headed by their column's name so that the order of the
// three numbers can be read: "W-D-L 12-0-6" (German "S-R-N 12-0-6").
func winsDrawsLosses(p *locale.Printer, w, d, l int) string {
	return fmt.Sprintf("%s %d-%d-%d", p.T("tour.col_wdl"), w, d, l)
}

// ratedGames says how many rated games stand behind a rating.
func ratedGames(p *locale.Printer, n int) string {
	return p.T("%d rated games", n)
}

func isNotFound(err error) bool { return err != nil && errors.Is(err, storage.ErrNotFound) }
