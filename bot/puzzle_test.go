package bot_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/puzzle"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// testPuzzle is a hnefatafl-9 puzzle (no starter puzzle is of that
// variant, so /tafl puzzle variant:hnefatafl-9 finds this one): the
// attackers win in 2 with b3-b6; the defenders' longest defence is
// b7-a7, then c8-a8 captures the king. Messages write the moves in full
// notation (#20): b3-b6+ (the king threatened), Kb7-a7xa8- (the king
// takes a8 and threatens to escape), c8-a8++ (the attackers win).
func addTestPuzzle(t *testing.T, h *harness, guildID string) *storage.Puzzle {
	t.Helper()
	return storeTestPuzzle(t, h, guildID, "/9/6tt1/1t5t1/t3T4/9/t8/1K2t2t1/t1t3t2/1t3t3/", "b3-b6", "b7-a7", "c8-a8")
}

// addMirroredPuzzle adds the test puzzle mirrored: h3-h6, then g8-i8
// captures the king.
func addMirroredPuzzle(t *testing.T, h *harness, guildID string) *storage.Puzzle {
	t.Helper()
	return storeTestPuzzle(t, h, guildID, "/9/1tt6/1t5t1/4T3t/9/8t/1t2t2K1/2t3t1t/3t3t1/", "h3-h6", "h7-i7", "g8-i8")
}

// storeTestPuzzle adds to guildID's puzzles the hnefatafl-9 puzzle of
// position, the attackers to move and win in two with solution, after
// checking with package puzzle that it holds.
func storeTestPuzzle(t *testing.T, h *harness, guildID, position string, solution ...string) *storage.Puzzle {
	t.Helper()
	pz := puzzle.Puzzle{Variant: "hnefatafl-9", Position: position, ToMove: "attackers", Moves: 2, Solution: solution, Source: "a test"}
	if err := pz.Verify(t.Context(), 0); err != nil {
		t.Fatalf("the test puzzle %s does not hold: %v", position, err)
	}
	sp := &storage.Puzzle{Variant: pz.Variant, Position: pz.Position, ToMove: tafl.Attackers, Moves: 2, Solution: pz.Solution,
		Source: pz.Source, GuildID: guildID, Rating: storage.Rating{Rating: 1500, Deviation: 200, Volatility: 0.06}}
	if _, err := h.store.AddPuzzle(t.Context(), sp); err != nil {
		t.Fatal(err)
	}
	return sp
}

// pickMove answers a puzzle's Move button with the menus: the piece, then
// the destination; it returns the final update.
func pickMove(t *testing.T, h *harness, user, moveButton, from, to string) *resp {
	t.Helper()
	menu, _ := h.click(user, moveButton, true)
	if !isEphemeral(menu) || customIDs(menu.Components)["select"] == "" {
		t.Fatalf("Move: %+v", menu)
	}
	targets, _ := h.click(user, customIDs(menu.Components)["select"], true, from)
	if customIDs(targets.Components)["select"] == "" {
		t.Fatalf("piece %s: %+v", from, targets)
	}
	done, rec := h.click(user, customIDs(targets.Components)["select"], true, to)
	if len(rec.Files) == 0 {
		t.Errorf("%s-%s: no picture in %q", from, to, done.Content)
	}
	return done
}

func TestPuzzleSolved(t *testing.T) {
	h := newHarness(t, nil)
	ctx := context.Background()
	sp := addTestPuzzle(t, h, guild)
	r, rec := h.slash(alice, "puzzle", opt("variant", "hnefatafl-9"))
	if !isEphemeral(r) || len(rec.Files) != 1 || !strings.Contains(r.Content, "**Puzzle") ||
		!strings.Contains(r.Content, "Attackers to move and win in 2 moves") {
		t.Fatalf("puzzle: %+v (%d files)", r, len(rec.Files))
	}
	if a := fileAlts(t, rec)[rec.Files[0].Name]; !strings.Contains(a, "Attackers to move and win in 2 moves") || !strings.Contains(a, "King: b7. Defenders (1): e4. Attackers (13):") {
		t.Errorf("the puzzle picture's alt text %q", a)
	}
	ids := customIDs(r.Components)
	if ids["Move"] == "" || ids["Another puzzle"] == "" {
		t.Fatalf("buttons %v", ids)
	}
	step2 := pickMove(t, h, alice, ids["Move"], "b3", "b6")
	if !strings.Contains(step2.Content, "**b3-b6+** is right. The defenders answer **Kb7-a7xa8-**") || !strings.Contains(step2.Content, "win at once") {
		t.Fatalf("after b3-b6: %q", step2.Content)
	}
	final := pickMove(t, h, alice, customIDs(step2.Components)["Move"], "c8", "a8")
	if !strings.Contains(final.Content, "puzzle solved") || !strings.Contains(final.Content, "Your puzzle rating: 1500 → ") {
		t.Fatalf("final: %q", final.Content)
	}
	pl, err := h.store.GetPlayer(ctx, guild, alice)
	if err != nil || pl.PuzzleRating().Rating <= 1500 || pl.Puzzles.Solved != 1 || !pl.Puzzles.Tried[sp.ID].Solved {
		t.Errorf("alice %+v %v", pl.Puzzles, err)
	}
	got, _ := h.store.GetPuzzle(ctx, sp.ID)
	if got.Attempts != 1 || got.Solved != 1 || got.Rating.Rating >= 1500 {
		t.Errorf("puzzle after a solve: %+v", got)
	}
	// Solving it again changes nothing.
	again := pickMove(t, h, alice, ids["Move"], "b3", "b6")
	final2 := pickMove(t, h, alice, customIDs(again.Components)["Move"], "c8", "a8")
	if !strings.Contains(final2.Content, "Only your first attempt") {
		t.Errorf("second solve: %q", final2.Content)
	}
	// Every hnefatafl-9 puzzle is tried now.
	if r, _ := h.slash(alice, "puzzle", opt("variant", "hnefatafl-9")); !strings.Contains(r.Content, "You have tried every hnefatafl-9 puzzle here (1 solved, 0 not)") {
		t.Errorf("no puzzle left: %q", r.Content)
	}
	// /tafl stats shows the puzzle rating, for the player and to others.
	want := fmt.Sprintf("Puzzle rating: %.0f (±%.0f)", pl.PuzzleRating().Rating, 2*pl.PuzzleRating().Deviation)
	if st, _ := h.slash(bob, "stats", opt("user", alice)); !strings.Contains(st.Content, want) || !strings.Contains(st.Content, "1 solved, 0 not") {
		t.Errorf("stats: %q, want %q", st.Content, want)
	}
	if st, _ := h.slash(bob, "stats"); strings.Contains(st.Content, "Puzzle rating") {
		t.Errorf("stats of a player without puzzles: %q", st.Content)
	}
}

func TestPuzzleWrongMove(t *testing.T) {
	h := newHarness(t, nil)
	sp := addTestPuzzle(t, h, guild)
	r, _ := h.slash(bob, "puzzle", opt("variant", "hnefatafl-9"))
	// A legal move that does not win.
	wrong := pickMove(t, h, bob, customIDs(r.Components)["Move"], "g2", "g3")
	if !strings.Contains(wrong.Content, "**g2-g3** does not win in time. The winning move was **b3-b6+**") ||
		!strings.Contains(wrong.Content, "The solution: 1. b3-b6+ Kb7-a7xa8- 2. c8-a8++") || !strings.Contains(wrong.Content, "1500 → ") {
		t.Fatalf("wrong move: %q", wrong.Content)
	}
	if _, ok := customIDs(wrong.Components)["Move"]; ok {
		t.Error("a failed puzzle still has a Move button")
	}
	pl, _ := h.store.GetPlayer(context.Background(), guild, bob)
	if pl.PuzzleRating().Rating >= 1500 || pl.Puzzles.Failed != 1 {
		t.Errorf("bob after a failure: %+v", pl.Puzzles)
	}
	got, _ := h.store.GetPuzzle(context.Background(), sp.ID)
	if got.Rating.Rating <= 1500 {
		t.Errorf("the puzzle's rating after a failure: %.0f", got.Rating.Rating)
	}
}

// TestMoveDuringAPuzzlePointsAtItsMoveButton: /tafl move typed by a
// player solving a puzzle, with no game going, was answered only that
// they have no game; it says so and that the puzzle is played with the
// Move button under it, from the puzzle's being given (its first attempt
// under way or not) until the attempt ends. A player without a puzzle is
// told only that there is no game, and nothing is played.
func TestMoveDuringAPuzzlePointsAtItsMoveButton(t *testing.T) {
	h := newHarness(t, nil)
	addTestPuzzle(t, h, guild)
	const noGame = "You have no game in progress here. Start one with `/tafl challenge` or `/tafl ai`."
	const hint = noGame + " Your puzzle is played with the **Move** button under it: `/tafl move` plays games only."
	move := func(user, want string) {
		t.Helper()
		if r, _ := h.slash(user, "move", opt("move", "b3-b6")); !isEphemeral(r) || r.Content != want {
			t.Errorf("%s: /tafl move b3-b6: %q, want %q", user, r.Content, want)
		}
	}
	move(bob, noGame)
	r, _ := h.slash(alice, "puzzle", opt("variant", "hnefatafl-9"))
	move(alice, hint) // given, no move of it played
	move(bob, noGame)
	step2 := pickMove(t, h, alice, customIDs(r.Components)["Move"], "b3", "b6")
	move(alice, hint) // under way
	if final := pickMove(t, h, alice, customIDs(step2.Components)["Move"], "c8", "a8"); !strings.Contains(final.Content, "puzzle solved") {
		t.Fatalf("final: %q", final.Content)
	}
	move(alice, noGame) // the attempt is over
	if games, err := h.store.GamesByPlayer(t.Context(), alice, storage.GameFilter{}); err != nil || len(games) != 0 {
		t.Errorf("alice's games %v, %v; want none", games, err)
	}
}

// TestPuzzleScope: a server's own puzzle is not offered elsewhere, and
// its buttons are refused there; the starter set is stored once, for
// everyone, and a restart adds nothing.
func TestPuzzleScope(t *testing.T) {
	h := newHarness(t, nil)
	ctx := context.Background()
	starter, err := puzzle.Starter()
	if err != nil {
		t.Fatal(err)
	}
	all, _ := h.store.Puzzles(ctx, "elsewhere")
	if len(all) != len(starter) || len(all) < 200 {
		t.Fatalf("%d puzzles stored for everyone, the starter set has %d", len(all), len(starter))
	}
	sp := addTestPuzzle(t, h, "other-guild")
	if r, _ := h.slash(alice, "puzzle", opt("variant", "hnefatafl-9")); !strings.Contains(r.Content, "There are no hnefatafl-9 puzzles here yet") {
		t.Errorf("another server's puzzle offered, or the answer does not say none is here: %q", r.Content)
	}
	solve := bot.CustomID{Action: bot.ActPuzzleSolve, ID: uint64(sp.ID)}.String()
	if r, _ := h.click(alice, solve, false); !isEphemeral(r) || !strings.Contains(r.Content, "belongs to another server") {
		t.Errorf("another server's puzzle by its button: %+v", r)
	}
	h.restart()
	if again, _ := h.store.Puzzles(ctx, "elsewhere"); len(again) != len(starter) {
		t.Errorf("after a restart %d puzzles, want %d", len(again), len(starter))
	}
	if r, _ := h.slash(alice, "puzzle", opt("variant", "chess")); !strings.Contains(r.Content, "no variant") {
		t.Errorf("bad variant: %q", r.Content)
	}
}

func mustStarter(t *testing.T) []puzzle.Puzzle {
	t.Helper()
	ps, err := puzzle.Starter()
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// TestHelpNamesLearning: /tafl help names the review, hints and puzzles
// (TestHelpFitsDiscord checks its length).
func TestHelpNamesLearning(t *testing.T) {
	h := newHarness(t, nil)
	r, _ := h.slash(alice, "help")
	for _, s := range []string{"/tafl analyse", "Hint", "/tafl puzzle", "daily"} {
		if !strings.Contains(r.page(), s) {
			t.Errorf("help lacks %q", s)
		}
	}
}

// TestPuzzleVariantWithLayout: /tafl puzzle takes the variants its
// autocomplete offers, layouts included: "copenhagen/standard" is
// copenhagen, "tawlbwrdd/lewis" gives a puzzle of that layout, and a
// layout with no puzzle says there is none yet (it said "There is no
// variant" for all three).
func TestPuzzleVariantWithLayout(t *testing.T) {
	h := newHarness(t, nil)
	for _, c := range []struct{ variant, want string }{
		{"copenhagen/standard", "· copenhagen ·"},
		{"tawlbwrdd/lewis", "· tawlbwrdd/lewis ·"}, // the header names the layout
		{"tawlbwrdd/bell", "There are no tawlbwrdd/bell puzzles here yet"},
		{"tawlbwrdd/nope", "I don't know the variant `tawlbwrdd/nope`: did you mean `tawlbwrdd`?"}, // a near name
	} {
		if r, _ := h.slash(alice, "puzzle", opt("variant", c.variant)); !strings.Contains(r.Content, c.want) {
			t.Errorf("/tafl puzzle variant:%s: %q, want %q in it", c.variant, r.Content, c.want)
		}
	}
}

// TestAnotherPuzzleKeepsTheVariant: after /tafl puzzle variant:X, the
// Another puzzle buttons — under the puzzle, under its next step, under a
// failed or solved attempt — offer puzzles of X only; an old button
// without a variant still offers any.
func TestAnotherPuzzleKeepsTheVariant(t *testing.T) {
	h := newHarness(t, nil)
	sp := addTestPuzzle(t, h, guild)
	r, _ := h.slash(alice, "puzzle", opt("variant", "hnefatafl-9"))
	if another, _ := h.click(alice, customIDs(r.Components)["Another puzzle"], true); !strings.Contains(another.Content, fmt.Sprintf("**Puzzle %d** · hnefatafl-9 ·", sp.ID)) {
		t.Errorf("Another puzzle under a hnefatafl-9 puzzle: %q", another.Content)
	}
	step2 := pickMove(t, h, alice, customIDs(r.Components)["Move"], "b3", "b6")
	solved := pickMove(t, h, alice, customIDs(step2.Components)["Move"], "c8", "a8")
	if another, _ := h.click(alice, customIDs(solved.Components)["Another puzzle"], true); !strings.Contains(another.Content, "You have tried every hnefatafl-9 puzzle here (1 solved, 0 not)") {
		t.Errorf("Another puzzle under a solved hnefatafl-9 puzzle: %q", another.Content)
	}
	// Under the next step (which leaves the attempt: TestPuzzleLeftHalfWay).
	r, _ = h.slash(carol, "puzzle", opt("variant", "hnefatafl-9"))
	step2 = pickMove(t, h, carol, customIDs(r.Components)["Move"], "b3", "b6")
	if another, _ := h.click(carol, customIDs(step2.Components)["Another puzzle"], true); !strings.Contains(another.Content, "You have tried every hnefatafl-9 puzzle here (0 solved, 1 not)") {
		t.Errorf("Another puzzle under the puzzle's second step: %q", another.Content)
	}
	r, _ = h.slash(bob, "puzzle", opt("variant", "hnefatafl-9"))
	failed := pickMove(t, h, bob, customIDs(r.Components)["Move"], "g2", "g3")
	if another, _ := h.click(bob, customIDs(failed.Components)["Another puzzle"], true); !strings.Contains(another.Content, "You have tried every hnefatafl-9 puzzle here (0 solved, 1 not)") {
		t.Errorf("Another puzzle under a failed hnefatafl-9 puzzle: %q", another.Content)
	}
	// Buttons made before the variant was kept offer any puzzle.
	old := bot.CustomID{Action: bot.ActPuzzleNew, ID: uint64(sp.ID)}.String()
	if another, _ := h.click(bob, old, true); !strings.Contains(another.Content, "**Puzzle ") || strings.Contains(another.Content, "hnefatafl-9") {
		t.Errorf("an old Another puzzle button: %q", another.Content)
	}
}

// TestAnotherPuzzleIsAnother: Another puzzle, pressed under a puzzle not
// tried yet, offers another one while there is another (it picked at
// random among the nearest untried ones, the one shown included, so it
// gave the same puzzle again one time in two here); with none other left
// it offers that one again.
func TestAnotherPuzzleIsAnother(t *testing.T) {
	h := newHarness(t, nil)
	first := addTestPuzzle(t, h, guild)
	second := addMirroredPuzzle(t, h, guild)
	other := map[storage.PuzzleID]storage.PuzzleID{first.ID: second.ID, second.ID: first.ID}
	shown := func(r *resp) storage.PuzzleID {
		t.Helper()
		for id := range other {
			if strings.Contains(r.Content, fmt.Sprintf("**Puzzle %d** ·", id)) {
				return id
			}
		}
		t.Fatalf("not one of the two puzzles: %q", r.Content)
		return 0
	}
	r, _ := h.slash(alice, "puzzle", opt("variant", "hnefatafl-9"))
	at := shown(r)
	for range 20 {
		next, _ := h.click(alice, customIDs(r.Components)["Another puzzle"], true)
		if got := shown(next); got != other[at] {
			t.Fatalf("Another puzzle under puzzle %d gave puzzle %d again", at, got)
		}
		r, at = next, other[at]
	}
	// With one puzzle tried, Another puzzle under the last one left offers
	// it again.
	from, to := "g2", "g3" // a move that does not win
	if at == second.ID {
		from, to = "c2", "c3"
	}
	failed := pickMove(t, h, alice, customIDs(r.Components)["Move"], from, to)
	last, _ := h.click(alice, customIDs(failed.Components)["Another puzzle"], true)
	if got := shown(last); got != other[at] {
		t.Fatalf("Another puzzle under failed puzzle %d gave puzzle %d", at, got)
	}
	if again, _ := h.click(alice, customIDs(last.Components)["Another puzzle"], true); shown(again) != other[at] {
		t.Errorf("Another puzzle under the only puzzle left: %q", again.Content)
	}
}

// TestVariantChoicesOncePerVariant: the variant option's list (of
// /tafl puzzle, challenge, ai, rules, settings) offers each preset once,
// and a layout by name only where the preset has several: it offered
// "copenhagen" and "copenhagen/standard", the same variant, for every
// preset with one layout (11 of the 22 choices).
func TestVariantChoicesOncePerVariant(t *testing.T) {
	h := newHarness(t, nil)
	for _, cmd := range []string{"puzzle", "rules"} {
		got := variantChoicesOf(t, h, cmd, "")
		for _, v := range got {
			if strings.HasSuffix(v, "/standard") {
				t.Errorf("/tafl %s offers %q beside its preset: %v", cmd, v, got)
			}
		}
		for _, want := range []string{"copenhagen", "brandubh", "tawlbwrdd", "tawlbwrdd/bell", "alea-evangelii"} {
			if !slices.Contains(got, want) {
				t.Errorf("/tafl %s does not offer %q: %v", cmd, want, got)
			}
		}
	}
}

// TestPuzzleRatingChangeAddsUp: the change shown after a puzzle is the
// difference of the two ratings shown ('1500 → 1549 (+49)', not (+48)
// for 1500.05 → 1548.51).
func TestPuzzleRatingChangeAddsUp(t *testing.T) {
	h := newHarness(t, nil)
	sp := addTestPuzzle(t, h, guild)
	// A rating whose change, rounded, differs from the difference of the
	// two ratings rounded.
	var before storage.Rating
	for x := 1500.0; x < 1501; x += 0.05 {
		r := storage.Rating{Rating: x, Deviation: 150, Volatility: 0.06}
		after := r.Update([]storage.Result{{Opponent: sp.Rating, Score: 1}})
		if fmt.Sprintf("%+.0f", after.Rating-r.Rating) != fmt.Sprintf("%+.0f", math.Round(after.Rating)-math.Round(r.Rating)) {
			before = r
			break
		}
	}
	if before.Rating == 0 {
		t.Fatal("no rating found whose change rounds differently")
	}
	if _, err := h.store.UpdatePlayer(t.Context(), guild, alice, func(p *storage.Player) error {
		p.Puzzles.Rating = before
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	r, _ := h.slash(alice, "puzzle", opt("variant", "hnefatafl-9"))
	step2 := pickMove(t, h, alice, customIDs(r.Components)["Move"], "b3", "b6")
	final := pickMove(t, h, alice, customIDs(step2.Components)["Move"], "c8", "a8")
	pl, err := h.store.GetPlayer(t.Context(), guild, alice)
	if err != nil {
		t.Fatal(err)
	}
	b, a := math.Round(before.Rating), math.Round(pl.PuzzleRating().Rating)
	if want := fmt.Sprintf("Your puzzle rating: %.0f → %.0f (%+.0f).", b, a, a-b); !strings.Contains(final.Content, want) {
		t.Errorf("after solving from %.2f to %.2f: %q, want %q", before.Rating, pl.PuzzleRating().Rating, final.Content, want)
	}
}

// TestCustomPuzzles: puzzles mined from games of a rules string are shown
// as "custom", and /tafl puzzle variant:custom offers them (it answered
// that there was no variant "custom"); its autocomplete offers custom
// (in another language with what the word means there, "custom (eigene
// Variante)", which it did not say),
// and Another puzzle keeps to custom puzzles.
func TestCustomPuzzles(t *testing.T) {
	h := newHarness(t, nil)
	v, err := tafl.Preset("hnefatafl-9", "")
	if err != nil {
		t.Fatal(err)
	}
	pz := puzzle.Puzzle{Variant: "custom", Rules: v.RulesString(), Position: "/9/6tt1/1t5t1/t3T4/9/t8/1K2t2t1/t1t3t2/1t3t3/", ToMove: "attackers",
		Moves: 2, Solution: []string{"b3-b6", "b7-a7", "c8-a8"}, Source: "a test"}
	if err := pz.Verify(t.Context(), 0); err != nil {
		t.Fatalf("the custom test puzzle does not hold: %v", err)
	}
	sp := &storage.Puzzle{Variant: "custom", Rules: pz.Rules, Position: pz.Position, ToMove: tafl.Attackers, Moves: 2, Solution: pz.Solution,
		Source: pz.Source, GuildID: guild, Rating: storage.Rating{Rating: 1500, Deviation: 200, Volatility: 0.06}}
	if _, err := h.store.AddPuzzle(t.Context(), sp); err != nil {
		t.Fatal(err)
	}
	r, _ := h.slash(alice, "puzzle", opt("variant", "custom"))
	if !strings.Contains(r.Content, fmt.Sprintf("**Puzzle %d** · custom ·", sp.ID)) {
		t.Fatalf("/tafl puzzle variant:custom: %q", r.Content)
	}
	solved := pickMove(t, h, alice, customIDs(pickMove(t, h, alice, customIDs(r.Components)["Move"], "b3", "b6").Components)["Move"], "c8", "a8")
	if another, _ := h.click(alice, customIDs(solved.Components)["Another puzzle"], true); !strings.Contains(another.Content, "You have tried every custom puzzle here (1 solved, 0 not)") {
		t.Errorf("Another puzzle under a solved custom puzzle: %q", another.Content)
	}
	if r, _ := h.slash(bob, "puzzle", opt("variant", "CUSTOM")); !strings.Contains(r.Content, fmt.Sprintf("**Puzzle %d** · custom ·", sp.ID)) {
		t.Errorf("variant:CUSTOM: %q", r.Content)
	}
	o := opt("variant", "cus")
	o.Focused = true
	in := h.slashInteraction(alice, "puzzle", o)
	in.Type = discordgo.InteractionApplicationCommandAutocomplete
	h.bot.HandleGateway(t.Context(), in)
	ac, _ := h.fake.callback(t, in.ID)
	if len(ac.Choices) != 1 || ac.Choices[0].Value != "custom" || ac.Choices[0].Name != "custom" {
		t.Errorf("the puzzle's variant autocomplete for %q: %+v", "cus", ac.Choices)
	}
	// In another language the choice says what the word means there, as
	// the puzzle's header and the leaderboard's heading call these games.
	for _, c := range []struct {
		sub  string
		loc  discordgo.Locale
		want string
	}{{"puzzle", discordgo.German, "custom (eigene Variante)"}, {"leaderboard", discordgo.Swedish, "custom (egen variant)"}} {
		in := h.slashInteraction(alice, c.sub, o)
		in.Type = discordgo.InteractionApplicationCommandAutocomplete
		in.Locale = c.loc
		h.bot.HandleGateway(t.Context(), in)
		ac, _ := h.fake.callback(t, in.ID)
		var names []string
		for _, ch := range ac.Choices {
			names = append(names, fmt.Sprintf("%s=%v", ch.Name, ch.Value))
		}
		if len(ac.Choices) != 1 || ac.Choices[0].Value != "custom" || ac.Choices[0].Name != c.want {
			t.Errorf("%s /tafl %s variant:cus autocomplete: %q, want %q", c.loc, c.sub, names, c.want)
		}
	}
}

// TestPuzzleOfARulesString: /tafl puzzle with a rules string answered
// 'There is no variant "dim:7 … start:/3t3/3t3/3t3/tttkttt/…"', the
// string lowercased (its defenders and king turned attackers); it says,
// as the other commands that take only a preset, that rules strings are
// not taken here and where they are.
func TestPuzzleOfARulesString(t *testing.T) {
	out := runConsole(t, consoleStore(t), 0, []string{
		`/tafl puzzle variant:"dim:7 esc:e start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"`,
	})
	consoleSays(t, out, "Give a variant name here (see `/tafl rules`); rules strings are for `/tafl challenge`, `/tafl ai` and `/tafl rules`.")
	if strings.Contains(out, "tttkttt") {
		t.Errorf("the answer names the rules string lowercased:\n%s", out)
	}
}

// TestPuzzleLeftHalfWay: a first attempt left after a move played right
// counts as not solved, as a wrong move does, when the player is given
// another puzzle (Another puzzle, /tafl puzzle) or plays one; the new
// puzzle's message says so, with the rating's change, and the player's
// record and the puzzle's count it. It counted for nothing, and the
// puzzle, untried, could be given again with its first move known.
// A puzzle left before any move counts for nothing.
func TestPuzzleLeftHalfWay(t *testing.T) {
	h := newHarness(t, nil)
	ctx := t.Context()
	first, second := addTestPuzzle(t, h, guild), addMirroredPuzzle(t, h, guild)
	moves := map[storage.PuzzleID][2]string{first.ID: {"b3", "b6"}, second.ID: {"h3", "h6"}}
	shown := func(r *resp) storage.PuzzleID {
		t.Helper()
		for id := range moves {
			if strings.Contains(r.Content, fmt.Sprintf("**Puzzle %d** ·", id)) {
				return id
			}
		}
		t.Fatalf("not one of the two puzzles: %q", r.Content)
		return 0
	}
	record := func(user string) storage.PuzzleRecord {
		t.Helper()
		pl, err := h.store.GetPlayer(ctx, guild, user)
		if errors.Is(err, storage.ErrNotFound) {
			return storage.PuzzleRecord{}
		}
		if err != nil {
			t.Fatal(err)
		}
		return pl.Puzzles
	}

	// Another puzzle before any move: nothing counts.
	r, _ := h.slash(alice, "puzzle", opt("variant", "hnefatafl-9"))
	r, _ = h.click(alice, customIDs(r.Components)["Another puzzle"], true)
	if rec := record(alice); len(rec.Tried) != 0 || rec.Going != 0 || strings.Contains(r.Content, "left unfinished") {
		t.Fatalf("a puzzle left before any move: %+v, %q", rec, r.Content)
	}

	// The first move right, then Another puzzle.
	at := shown(r)
	m := moves[at]
	step2 := pickMove(t, h, alice, customIDs(r.Components)["Move"], m[0], m[1])
	if !strings.Contains(step2.Content, "is right") {
		t.Fatalf("%s-%s: %q", m[0], m[1], step2.Content)
	}
	if rec := record(alice); rec.Going != at || len(rec.Tried) != 0 {
		t.Errorf("alice during puzzle %d: %+v", at, rec)
	}
	next, _ := h.click(alice, customIDs(step2.Components)["Another puzzle"], true)
	rec := record(alice)
	want := fmt.Sprintf("Puzzle %d, left unfinished, counts as not solved: your puzzle rating 1500 → %.0f (%+.0f).\n**Puzzle ", at,
		math.Round(rec.Rating.Rating), math.Round(rec.Rating.Rating)-1500)
	if !strings.HasPrefix(next.Content, want) || shown(next) == at {
		t.Errorf("Another puzzle under puzzle %d after its first move: %q, want it to begin %q", at, next.Content, want)
	}
	if try, ok := rec.Tried[at]; !ok || try.Solved || rec.Failed != 1 || rec.Solved != 0 || rec.Going != 0 || rec.Rating.Rating >= 1500 {
		t.Errorf("alice's record after leaving puzzle %d: %+v", at, rec)
	}
	if p, _ := h.store.GetPuzzle(ctx, at); p.Attempts != 1 || p.Solved != 0 || p.Rating.Rating <= 1500 {
		t.Errorf("puzzle %d after alice left it: %+v", at, p)
	}
	// Played to its end after all, it counts no more.
	final := pickMove(t, h, alice, customIDs(step2.Components)["Move"], map[storage.PuzzleID]string{first.ID: "c8", second.ID: "g8"}[at],
		map[storage.PuzzleID]string{first.ID: "a8", second.ID: "i8"}[at])
	if !strings.Contains(final.Content, "puzzle solved") || !strings.Contains(final.Content, "Only your first attempt") {
		t.Errorf("puzzle %d solved after it was left: %q", at, final.Content)
	}
	if again := record(alice); again.Failed != 1 || again.Solved != 0 || again.Rating != rec.Rating {
		t.Errorf("alice's record after solving the puzzle she left: %+v", again)
	}

	// dave (a user of his own): the first move right of the last puzzle
	// he has not tried, then Another puzzle: none is left, and the answer
	// says so after the note.
	const dave = "444"
	r, _ = h.slash(dave, "puzzle", opt("variant", "hnefatafl-9"))
	wrong := map[storage.PuzzleID][2]string{first.ID: {"g2", "g3"}, second.ID: {"c2", "c3"}}[shown(r)] // moves that do not win
	pickMove(t, h, dave, customIDs(r.Components)["Move"], wrong[0], wrong[1])
	r, _ = h.click(dave, customIDs(r.Components)["Another puzzle"], true)
	m = moves[shown(r)]
	step2 = pickMove(t, h, dave, customIDs(r.Components)["Move"], m[0], m[1])
	if last, _ := h.click(dave, customIDs(step2.Components)["Another puzzle"], true); !isEphemeral(last) ||
		!strings.HasPrefix(last.Content, fmt.Sprintf("Puzzle %d, left unfinished, counts as not solved: your puzzle rating ", shown(r))) ||
		!strings.Contains(last.Content, ".\nYou have tried every hnefatafl-9 puzzle here (0 solved, 2 not).") {
		t.Errorf("Another puzzle under dave's last puzzle after its first move: %q", last.Content)
	}

	// bob: the first move right, then /tafl puzzle (any variant).
	r, _ = h.slash(bob, "puzzle", opt("variant", "hnefatafl-9"))
	at = shown(r)
	m = moves[at]
	pickMove(t, h, bob, customIDs(r.Components)["Move"], m[0], m[1])
	if next, _ := h.slash(bob, "puzzle"); !strings.HasPrefix(next.Content, fmt.Sprintf("Puzzle %d, left unfinished, counts as not solved: your puzzle rating 1500 → ", at)) {
		t.Errorf("/tafl puzzle after bob's first move of puzzle %d: %q", at, next.Content)
	}
	if rec := record(bob); rec.Failed != 1 || rec.Tried[at].Solved || rec.Going != 0 {
		t.Errorf("bob's record after leaving puzzle %d: %+v", at, rec)
	}

	// erin: the first move right, then the daily puzzle's Solve button: of
	// the same puzzle, it starts it again and leaves nothing; of another,
	// it leaves the one under way.
	const erin = "555"
	solve := func(id storage.PuzzleID) *resp {
		r, _ := h.click(erin, bot.CustomID{Action: bot.ActPuzzleSolve, ID: uint64(id)}.String(), false)
		return r
	}
	r = solve(first.ID)
	pickMove(t, h, erin, customIDs(r.Components)["Move"], "b3", "b6")
	if again := solve(first.ID); strings.Contains(again.Content, "left unfinished") || record(erin).Going != first.ID {
		t.Errorf("Solve of the puzzle under way: %q, %+v", again.Content, record(erin))
	}
	if other := solve(second.ID); !strings.HasPrefix(other.Content, fmt.Sprintf("Puzzle %d, left unfinished, counts as not solved", first.ID)) ||
		!strings.Contains(other.Content, fmt.Sprintf("**Puzzle %d** ·", second.ID)) {
		t.Errorf("Solve of another puzzle with puzzle %d under way: %q", first.ID, other.Content)
	}
	if rec := record(erin); rec.Failed != 1 || rec.Going != 0 {
		t.Errorf("erin's record: %+v", rec)
	}

	// carol: the first move of one right, then a move of the other.
	one, _ := h.slash(carol, "puzzle", opt("variant", "hnefatafl-9"))
	two, _ := h.click(carol, customIDs(one.Components)["Another puzzle"], true)
	at = shown(one)
	m = moves[at]
	pickMove(t, h, carol, customIDs(one.Components)["Move"], m[0], m[1])
	m = moves[shown(two)]
	if step := pickMove(t, h, carol, customIDs(two.Components)["Move"], m[0], m[1]); !strings.HasPrefix(step.Content, fmt.Sprintf("Puzzle %d, left unfinished", at)) ||
		!strings.Contains(step.Content, "is right") {
		t.Errorf("carol's first move of puzzle %d with puzzle %d under way: %q", shown(two), at, step.Content)
	}
	if rec := record(carol); rec.Failed != 1 || rec.Going != shown(two) || len(rec.Tried) != 1 {
		t.Errorf("carol's record: %+v", rec)
	}
}

// TestPuzzlesAllTriedCountsTheVariant: "You have tried every hnefatafl-9
// puzzle" counts the hnefatafl-9 puzzles solved and not, not a brandubh
// puzzle failed too (it said "1 solved, 1 not" of the one puzzle solved).
func TestPuzzlesAllTriedCountsTheVariant(t *testing.T) {
	h := newHarness(t, nil)
	ctx := context.Background()
	sp := addTestPuzzle(t, h, guild)
	all, err := h.store.Puzzles(ctx, guild)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(all, func(p *storage.Puzzle) bool { return p.Variant == "brandubh" })
	if i < 0 {
		t.Fatal("no brandubh puzzle")
	}
	for _, a := range []struct {
		id     storage.PuzzleID
		solved bool
	}{{all[i].ID, false}, {sp.ID, true}} {
		if _, err := h.store.RecordPuzzleAttempt(ctx, guild, alice, a.id, a.solved, ""); err != nil {
			t.Fatal(err)
		}
	}
	if r, _ := h.slash(alice, "puzzle", opt("variant", "hnefatafl-9")); !strings.Contains(r.Content, "You have tried every hnefatafl-9 puzzle here (1 solved, 0 not)") {
		t.Errorf("no hnefatafl-9 puzzle left: %q", r.Content)
	}
	if st, _ := h.slash(alice, "stats"); !strings.Contains(st.Content, "1 solved, 1 not") {
		t.Errorf("stats: %q", st.Content)
	}
}
