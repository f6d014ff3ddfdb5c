package bot

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/storage"
)

// cmdLeaderboard handles /tafl leaderboard [variant]: the best-rated
// players of the server in a variant, or, without one, in every variant
// that has rated games. Provisional ratings are marked.
func (b *Bot) cmdLeaderboard(ctx context.Context, r *request) (*reply, error) {
	if r.in.GuildID == "" {
		return nil, userErrorf("Leaderboards are per server: use this command in a server.")
	}
	var names []string
	perVariant := 10
	switch v := strings.TrimSpace(r.str("variant")); {
	case strings.EqualFold(v, "custom"):
		// Games of rules strings are rated under this name, and the
		// leaderboard of every variant lists it.
		names = []string{"custom"}
	case v != "":
		cv, err := parseVariant(r.str("variant"), b.defaultVariant, false)
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
			return &reply{resp: ephemeral(r.p.T("Nobody has a rated game in this server yet: finish a game against someone (`/tafl challenge`) to get on the leaderboard."))}, nil
		}
		if len(names) > 1 {
			perVariant = 5
		}
	}
	var sb strings.Builder
	shown := false // a leaderboard with players: only then is the answer public
	for _, name := range names {
		top, err := b.store.Leaderboard(ctx, r.in.GuildID, name, perVariant)
		if err != nil {
			return nil, err
		}
		if len(top) == 0 {
			sb.WriteString(r.p.T("Nobody has a rated %s game in this server yet.", name) + "\n")
			continue
		}
		shown = true
		sb.WriteString(r.p.T("**Leaderboard · %s**", name) + "\n")
		for i, e := range top {
			fmt.Fprintf(&sb, "%d. <@%s> · %s · %s · %d-%d-%d\n", i+1, e.UserID, ratingText(r.p, e.Rating), ratedGames(r.p, e.Games()), e.Wins, e.Losses, e.Draws)
		}
	}
	if !shown {
		return &reply{resp: ephemeral(strings.TrimSpace(sb.String()))}, nil
	}
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: truncate(sb.String(), 1990), AllowedMentions: &discordgo.MessageAllowedMentions{}}}}, nil
}

// cmdStats handles /tafl stats [user].
func (b *Bot) cmdStats(ctx context.Context, r *request) (*reply, error) {
	user := r.user("user")
	if user == "" {
		user = r.userID
	}
	p, err := b.store.GetPlayer(ctx, r.in.GuildID, user)
	if err != nil {
		if !isNotFound(err) {
			return nil, err
		}
		return &reply{resp: ephemeral(r.p.T("<@%s> has not finished a game here yet.", user))}, nil
	}
	var sb strings.Builder
	sb.WriteString(r.p.T("**Stats of <@%s>**\nAgainst people: %d won, %d lost, %d drawn\nAgainst taflbot: %d won, %d lost, %d drawn",
		user, p.Wins, p.Losses, p.Draws, p.AIWins, p.AILosses, p.AIDraws) + "\n")
	for _, name := range slices.Sorted(maps.Keys(p.Variants)) {
		v := p.Variants[name]
		fmt.Fprintf(&sb, "%s: %s · %s, %d-%d-%d\n", name, ratingText(r.p, v.Rating), ratedGames(r.p, v.Games()), v.Wins, v.Losses, v.Draws)
	}
	if pz := p.Puzzles; pz.Solved+pz.Failed > 0 {
		sb.WriteString(r.p.T("Puzzle rating: %s · %d solved, %d not", ratingText(r.p, p.PuzzleRating()), pz.Solved, pz.Failed) + "\n")
	}
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Content: sb.String(), AllowedMentions: &discordgo.MessageAllowedMentions{}}}}, nil
}

// ratingText writes a rating with its 95 % interval, marked provisional
// while its deviation is large (storage.Rating.Provisional).
func ratingText(p *locale.Printer, r storage.Rating) string {
	s := fmt.Sprintf("%.0f (±%.0f)", r.Rating, 2*r.Deviation)
	if r.Provisional() {
		s += " " + p.T("provisional")
	}
	return s
}

// ratedGames says how many rated games stand behind a rating.
func ratedGames(p *locale.Printer, n int) string {
	return p.T("%d rated games", n)
}

func isNotFound(err error) bool { return err != nil && errors.Is(err, storage.ErrNotFound) }
