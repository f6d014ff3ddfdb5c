package bot_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/internal/pgtest"
	"github.com/taflbot/taflbot/tafl"
)

// TestLanguageReachesOtherProcesses: a player's language chosen through
// one process of a deployment (a front end) reached another process on
// the same database, which had answered the player before, only when
// that one restarted: it kept answering in the language it had read
// first. It now reads the language again once its reading is a minute
// old, so the choice holds everywhere within a minute, both ways (a
// choice undone too).
func TestLanguageReachesOtherProcesses(t *testing.T) {
	h := newHarness(t, nil)
	other := h.otherProcess(func(o *bot.Options) { o.DeferAfter = 20 * time.Second })
	settings := func(b *bot.Bot, opts ...*discordgo.ApplicationCommandInteractionDataOption) string {
		t.Helper()
		in := h.slashInteraction(alice, "settings", opts...)
		in.GuildID, in.User, in.Member = "", in.Member.User, nil // a direct message: it names the language
		b.HandleGateway(t.Context(), in)
		r, _ := h.fake.final(t, in)
		return r.Content
	}
	const english, german = "I'll answer you in English", "Ich antworte dir auf Deutsch"
	if got := settings(other); !strings.Contains(got, english) {
		t.Fatalf("the other process, before any choice: %q; want %q", got, english)
	}
	if got := settings(h.bot, opt("language", "de")); !strings.Contains(got, german) {
		t.Fatalf("choosing German: %q; want %q", got, german)
	}
	h.clock.Advance(61 * time.Second)
	if got := settings(other); !strings.Contains(got, german) {
		t.Errorf("the other process a minute after alice chose German: %q; want %q", got, german)
	}
	if got := settings(h.bot, opt("language", "discord")); !strings.Contains(got, english) {
		t.Fatalf("following Discord again: %q; want %q", got, english)
	}
	h.clock.Advance(61 * time.Second)
	if got := settings(other); !strings.Contains(got, english) {
		t.Errorf("the other process a minute after alice followed Discord again: %q; want %q", got, english)
	}
}

// TestFlagOfAMovePlayedInAnotherProcess: in a deployment of several
// processes a live game is played at the front ends, whose moves set its
// deadline; the clock process learnt of a new deadline only at its next
// sweep (an hour away here, a minute by default), so the flag fell that
// much late — also when a move brought it nearer, the other side having
// less time left. A clock process sharing its database now looks every
// second for the deadlines set elsewhere, and the flag falls within about
// a second; on bbolt and on PostgreSQL.
func TestFlagOfAMovePlayedInAnotherProcess(t *testing.T) {
	for _, kind := range []string{"bbolt", "postgres"} {
		t.Run(kind, func(t *testing.T) {
			h := newHarness(t, nil)
			h.adjust = func(o *bot.Options) { o.Roles = bot.RoleClock | bot.RoleEngine }
			h.stop()
			if kind == "postgres" {
				h.path = pgtest.NewDatabase(t)
			}
			h.start()
			front := h.otherProcess(func(o *bot.Options) { o.DeferAfter, o.Roles = 20*time.Second, bot.RoleInteractions })
			ctx, cancel := context.WithCancel(context.Background())
			front.Start(ctx)
			t.Cleanup(func() { cancel(); front.Stop(10 * time.Second) })
			slash := func(user, sub string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *resp {
				t.Helper()
				in := h.slashInteraction(user, sub, opts...)
				front.HandleGateway(t.Context(), in)
				r, _ := h.fake.final(t, in)
				return r
			}
			move := func(user string) {
				t.Helper()
				g := gameOf(t, h, alice)
				if r := slash(user, "move", opt("move", g.Tafl().LegalMoves()[0].String())); isEphemeral(r) {
					t.Fatalf("%s's move refused: %q", user, r.Content)
				}
				if !front.Settle(30 * time.Second) {
					t.Fatal("the front end's follow-up work did not finish")
				}
			}
			r := slash(alice, "challenge", opt("opponent", bob), opt("variant", "brandubh"), opt("side", "attackers"), opt("time", "1+0"))
			in := &discordgo.Interaction{ID: h.id(), AppID: "555", Type: discordgo.InteractionMessageComponent,
				GuildID: guild, ChannelID: channel, Member: member(bob), Message: &discordgo.Message{ID: "challenge", ChannelID: channel},
				Data: discordgo.MessageComponentInteractionData{CustomID: customIDs(r.Components)["Accept"]}}
			in.Token = "tok" + in.ID
			front.HandleGateway(t.Context(), in)
			h.fake.final(t, in)
			if !front.Settle(30 * time.Second) {
				t.Fatal("the front end's follow-up work did not finish")
			}
			h.clock.Advance(50 * time.Second)
			move(alice) // 10 s left to alice
			h.clock.Advance(5 * time.Second)
			move(bob) // 55 s left to bob; alice's flag falls in 10 s
			g := gameOf(t, h, alice)
			flag := g.Deadline
			if want := h.clock.Now().Add(10 * time.Second); !flag.Equal(want) || !g.Active() {
				t.Fatalf("alice's flag at %v, want %v (active %v)", flag, want, g.Active())
			}
			h.clock.Advance(10*time.Second + 500*time.Millisecond)
			waitFor(t, "the clock process to end the game on time", func() bool { return !gameOf(t, h, alice).Active() })
			g = gameOf(t, h, alice)
			if o := g.Outcome(); o.Reason != tafl.Timeout || o.Winner != tafl.Defenders || !g.Clock.Since.Equal(flag) {
				t.Errorf("outcome %+v, clock stopped at %v; want alice lost on time at %v", o, g.Clock.Since, flag)
			}
		})
	}
}
