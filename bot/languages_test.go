package bot_test

import (
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/tafl"
)

// captionRenderer draws with package render and records every caption.
type captionRenderer struct {
	mu       sync.Mutex
	captions []string
}

func (r *captionRenderer) PNG(w io.Writer, pos tafl.Position, opts render.Options) error {
	r.mu.Lock()
	r.captions = append(r.captions, opts.Caption)
	r.mu.Unlock()
	opts.Size = 160
	return render.PNG(w, pos, opts)
}

func (r *captionRenderer) GIF(w io.Writer, g *tafl.Game, opts render.GIFOptions) error {
	opts.Size = 160
	return render.GIF(w, g, opts)
}

func (r *captionRenderer) last() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.captions) == 0 {
		return ""
	}
	return r.captions[len(r.captions)-1]
}

// labels returns the labels of a message's buttons, in order.
func labels(comps []discordgo.MessageComponent) []string {
	var out []string
	for label := range customIDs(comps) {
		out = append(out, label)
	}
	return out
}

func hasAll(t *testing.T, what, text string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%s: %q lacks %q", what, text, w)
		}
	}
}

// TestEverythingInItsLanguage follows one game through a server whose
// manager chose Danish for games: the challenge, every board, its
// caption and buttons, and the result are Danish; each player's private
// replies (help, rules, errors, the move menu) are in that player's own
// language, and a reminder in the language the player chose.
func TestEverythingInItsLanguage(t *testing.T) {
	h := newHarness(t, nil)
	cr := &captionRenderer{}
	h.adjust = func(o *bot.Options) { o.Renderer = cr }
	h.restart()
	as := func(user string, loc discordgo.Locale, sub string, opts ...*discordgo.ApplicationCommandInteractionDataOption) *resp {
		t.Helper()
		in := h.slashInteraction(user, sub, opts...)
		in.Locale = loc
		h.bot.HandleGateway(context.Background(), in)
		r, _ := h.fake.callback(t, in.ID)
		return r
	}

	// The manager (English Discord) sets the server's language: the
	// reply is in English, the setting names Danish.
	r := as(alice, "en-US", "settings", opt("server_language", "da"))
	hasAll(t, "settings", r.Content, "Saved.", "games and tournaments in: **Dansk**")

	// alice's challenge is public, so Danish.
	r = as(alice, "sv-SE", "challenge", opt("opponent", bob), opt("variant", "brandubh"), opt("side", "attackers"), opt("days", 3.0))
	hasAll(t, "challenge", r.Content, "<@"+alice+"> udfordrer <@"+bob+"> til **brandubh** (7×7) og spiller angriberne, 3d 0t pr. træk, ratet.", "Udfordringen udløber")
	if got := cr.last(); got != "Udfordring · brandubh" {
		t.Errorf("challenge caption %q", got)
	}
	ids := customIDs(r.Components)
	if ids["Tag imod"] == "" || ids["Afslå"] == "" || ids["Træk tilbage"] == "" {
		t.Fatalf("challenge buttons %v", labels(r.Components))
	}

	// bob accepts: the first board.
	r, _ = h.click(bob, ids["Tag imod"], false)
	hasAll(t, "first board", r.Content, "<@"+bob+"> tog imod udfordringen. Partiet begynder!",
		"**Parti 1** · brandubh · <@"+alice+"> (angribere) mod <@"+bob+"> (forsvarere)", "<@"+alice+"> er i trækket (angribere)", "3d 0t tilbage")
	if got := cr.last(); got != "Angribere i trækket · træk 1" {
		t.Errorf("first caption %q", got)
	}
	ids = customIDs(r.Components)
	if ids["Træk"] == "" || ids["Tilbyd remis"] == "" || ids["Afbryd"] == "" { // Abort until both sides moved
		t.Fatalf("board buttons %v", labels(r.Components))
	}

	// Private replies follow each user's Discord language.
	hasAll(t, "help in German", as(bob, "de", "help").page(), "**So spielst du Tafl**", "**Befehle**", "Revanche", "Turniere", "Schachuhr", "Íslenska")
	rules := as(bob, "fi", "rules", opt("variant", "brandubh"))
	if len(rules.Embeds) == 0 {
		t.Fatalf("rules: %+v", rules)
	}
	hasAll(t, "rules in Finnish", rules.Embeds[0].Description, "Brandubh: 7×7 irlantilainen tafl", "Hyökkääjät siirtävät ensin.", "Nappulat liikkuvat kuin tornit.", "Alla olevat yksityiskohtaiset säännöt ovat englanniksi.")
	hasAll(t, "illegal move in Swedish", as(alice, "sv-SE", "move", opt("move", "d1-d9")).Content, "Det draget är inte tillåtet")
	hasAll(t, "wrong piece in Swedish", as(alice, "sv-SE", "move", opt("move", "d3-a3")).Content, "d3 har en försvarare: du spelar anfallarna.")
	menu, _ := h.click(alice, ids["Træk"], false)
	hasAll(t, "move menu (alice has no locale here: English)", menu.Content, "Game 1: pick the piece to move.")

	// alice chooses Icelandic; her reminder comes in Icelandic.
	hasAll(t, "language", as(alice, "", "settings", opt("language", "is")).Content, "Ég svara þér á íslensku.")
	h.settle() // alice was told it is her move when bob accepted
	n := len(h.fake.requests("/channels/" + channel + "/messages"))
	h.clock.Advance(55 * time.Hour)
	h.bot.Sweep(context.Background())
	posts := channelPosts(t, h, n)
	if len(posts) != 1 {
		t.Fatalf("%d posts after the sweep, want the reminder", len(posts))
	}
	hasAll(t, "reminder", posts[0].Content, "⏳ <@"+alice+">, þú átt leik í skák 1 (brandubh): 17klst 0mín eftir. `/tafl board` `game:1` sýnir hana.")

	// Both move (alice by the menu, in Icelandic now), then alice resigns:
	// the final board is Danish, with a Revanche button.
	for _, user := range []string{alice, bob} {
		m := gameOf(t, h, alice).Tafl().LegalMoves()[0]
		hasAll(t, "move", as(user, "", "move", opt("move", m.String())).Content, "Seneste træk: 1. ")
	}
	if got := cr.last(); got != "Angribere i trækket · træk 2" {
		t.Errorf("caption after two moves %q", got)
	}
	confirm := as(alice, "", "resign")
	hasAll(t, "resign confirm", confirm.Content, "Gefast upp í skák 1?")
	done, _ := h.click(alice, customIDs(confirm.Components)["Já, gefast upp"], true)
	hasAll(t, "resigned", done.Content, "Þú gafst upp.")
	var final *resp
	waitFor(t, "the final board", func() bool {
		for _, p := range channelPosts(t, h, n) {
			if strings.Contains(p.Content, "gav op") {
				final = p
			}
		}
		return final != nil
	})
	hasAll(t, "final board", final.Content, "<@"+alice+"> gav op.", "**Forsvarerne vinder** — opgivelse. Tillykke <@"+bob+">!")
	if customIDs(final.Components)["Revanche"] == "" {
		t.Errorf("final board buttons %v", labels(final.Components))
	}
	if got := cr.last(); got != "Forsvarerne vinder · opgivelse" {
		t.Errorf("final caption %q", got)
	}
}
