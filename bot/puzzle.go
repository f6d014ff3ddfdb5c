package bot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/analysis"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/puzzle"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// Puzzles: /tafl puzzle gives a user a puzzle privately — the board, whose
// move it is and in how many moves it wins — with a Move button that opens
// the same two-step menu as games. Only the solution's move is accepted
// (at the last step, any move that wins at once); the losing side's
// replies are played by the bot from the stored line. A wrong move ends
// the attempt and shows the winning move as an arrow. The first attempt
// at each puzzle counts: it moves the player's puzzle rating and the
// puzzle's (Glicko-2). A first attempt left half-way (a move played right,
// then another puzzle given or played) counts as not solved, as a wrong
// move does: storage keeps the attempt under way (PuzzleRecord.Going).
// A puzzle's custom ids carry its id and the number of solution moves
// played (the step), so every message is self-contained.

// importPuzzles stores the puzzles of the starter set that are not stored
// yet, in one transaction: after the first start a read finds them all.
func (b *Bot) importPuzzles(ctx context.Context) {
	ps, err := puzzle.Starter()
	if err != nil {
		b.log.Error("puzzles: the starter set does not decode", "err", err)
		return
	}
	stored, err := b.store.Puzzles(ctx, "")
	if err != nil {
		if ctx.Err() == nil {
			b.log.Error("puzzles: reading the stored ones", "err", err)
		}
		return
	}
	have := map[string]bool{}
	for _, p := range stored {
		have[p.Key()] = true
	}
	sps := make([]*storage.Puzzle, 0, len(ps))
	for i := range ps {
		sp, err := storedPuzzle(&ps[i], "")
		if err != nil {
			b.log.Error("puzzles: a starter puzzle is broken", "source", ps[i].Source, "err", err)
			continue
		}
		if !have[sp.Key()] {
			sps = append(sps, sp)
		}
	}
	if len(sps) == 0 {
		return
	}
	n, err := b.store.AddPuzzles(ctx, sps)
	if err != nil {
		if ctx.Err() == nil {
			b.log.Error("puzzles: storing the starter set", "err", err)
		}
		return
	}
	b.log.Info("puzzles: starter set stored", "added", n, "starter_set", len(ps))
}

// storedPuzzle turns a puzzle of package puzzle into a stored one, rated
// by its length, offered in guild ("" for everyone).
func storedPuzzle(p *puzzle.Puzzle, guild string) (*storage.Puzzle, error) {
	side, err := tafl.ParseSide(p.ToMove)
	if err != nil {
		return nil, err
	}
	return &storage.Puzzle{Variant: p.Variant, Layout: p.Layout, Rules: p.Rules, Position: p.Position, ToMove: side,
		Moves: p.Moves, Solution: slices.Clone(p.Solution), Source: p.Source, GuildID: guild,
		Rating: storage.Rating{Rating: puzzle.InitialRating(p.Moves), Deviation: 250, Volatility: 0.06}}, nil
}

// puzzleOf is the inverse of storedPuzzle.
func puzzleOf(sp *storage.Puzzle) *puzzle.Puzzle {
	return &puzzle.Puzzle{Variant: sp.Variant, Layout: sp.Layout, Rules: sp.Rules, Position: sp.Position, ToMove: sp.ToMove.String(),
		Moves: sp.Moves, Solution: sp.Solution, Source: sp.Source}
}

// cmdPuzzle handles /tafl puzzle [variant]: a puzzle near the user's
// puzzle rating that they have not tried yet.
func (b *Bot) cmdPuzzle(ctx context.Context, r *request) (*reply, error) {
	if isRulesString(r.str("variant")) {
		// Puzzles are of presets; a rules string was named lowercased
		// as an unknown variant.
		_, err := parseVariant(r.str("variant"), "", noRules)
		return nil, err
	}
	variant := strings.ToLower(strings.TrimSpace(r.str("variant")))
	if variant != "" && !puzzleVariant(variant) {
		// A title ("Ard Ri") or a layout alone ("bell"), as parseVariant.
		// A near name ("brandub") is answered with the names it may mean.
		name, layout, near, ok := tafl.MatchPreset(variant)
		if !ok && len(near) > 0 {
			return nil, nearVariantError(variant, near)
		}
		if !ok {
			return nil, userErrorT("puzzle.no_variant", userArg(truncate(variant, 30)))
		}
		variant = name
		if layout != "" {
			variant += "/" + layout
		}
	}
	msg, err := b.newPuzzle(ctx, r, variant, 0, "")
	if err != nil {
		return nil, err
	}
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: msg.private()}}, nil
}

// btnPuzzleNew handles "Another puzzle": one of the variant the first
// puzzle was asked for (its id's Scope; any variant for an id without
// one, or whose variant no longer exists), other than the puzzle the
// button is under.
func (b *Bot) btnPuzzleNew(ctx context.Context, r *request) (*reply, error) {
	msg, err := b.newPuzzle(ctx, r, puzzleScope(r.cid), storage.PuzzleID(r.cid.ID), "")
	if err != nil {
		return nil, err
	}
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: msg.private()}}, nil
}

// newPuzzle picks a puzzle for the user: of those offered here (of the
// variant, if given: a preset's name for any of its layouts, or
// "name/layout" for one) and not tried yet, one of the eight rated
// nearest to the user's puzzle rating, at random. It is not shown (the
// puzzle "Another puzzle" was pressed under; 0 for none) unless no other
// is left.
func (b *Bot) newPuzzle(ctx context.Context, r *request, variant string, shown storage.PuzzleID, headline string) (*message, error) {
	left, err := b.leavePuzzle(ctx, r, 0)
	if err != nil {
		return nil, err
	}
	msg, err := b.pickPuzzle(ctx, r, variant, shown, joinLines(left, headline))
	if text, ok := userMessage(err, r.p); ok && err != nil && left != "" {
		// No puzzle to give (every one tried): the answer still says
		// that the one left counted.
		return &message{content: joinLines(left, text)}, nil
	}
	return msg, err
}

// pickPuzzle is newPuzzle once an attempt under way is left.
func (b *Bot) pickPuzzle(ctx context.Context, r *request, variant string, shown storage.PuzzleID, headline string) (*message, error) {
	guild := r.in.GuildID
	pl, err := b.store.GetPlayer(ctx, guild, r.userID)
	if errors.Is(err, storage.ErrNotFound) {
		pl, err = storage.NewPlayer(guild, r.userID), nil
	}
	if err != nil {
		return nil, err
	}
	all, err := b.store.Puzzles(ctx, guild)
	if err != nil {
		return nil, err
	}
	mine := pl.PuzzleRating().Rating
	var open []*storage.Puzzle
	offered := 0           // of the variant, tried or not
	solved, failed := 0, 0 // of the variant's tried
	for _, p := range all {
		if variant != "" && !puzzleOfVariant(p, variant) {
			continue
		}
		offered++
		switch t, tried := pl.Puzzles.Tried[p.ID]; {
		case !tried:
			open = append(open, p)
		case t.Solved:
			solved++
		default:
			failed++
		}
	}
	if offered == 0 {
		if variant != "" {
			return nil, userErrorf("There are no %s puzzles here yet: they come from finished games with a winner. `/tafl puzzle` without a variant offers the others.", variant)
		}
		return nil, userErrorf("There are no puzzles here yet: they come from finished games with a winner.")
	}
	if len(open) == 0 {
		// The counts are the variant's puzzles' (a puzzle failed in
		// another variant is not one of "every brandubh puzzle"); every
		// puzzle's are the player's, as /tafl stats shows them.
		what := userErrorf("every puzzle")
		if variant != "" {
			what = userErrorf("every %s puzzle", variant)
		} else {
			solved, failed = pl.Puzzles.Solved, pl.Puzzles.Failed
		}
		return nil, userErrorf("You have tried %s here (%d solved, %d not). Your puzzle rating is %.0f.", what, solved, failed, mine)
	}
	if len(open) > 1 {
		open = slices.DeleteFunc(open, func(p *storage.Puzzle) bool { return p.ID == shown })
	}
	slices.SortStableFunc(open, func(a, c *storage.Puzzle) int {
		return int(math.Abs(a.Rating.Rating-mine)) - int(math.Abs(c.Rating.Rating-mine))
	})
	p := open[rand.IntN(min(8, len(open)))]
	b.puzzleShown(ctx, r, p.ID)
	return b.puzzleMessage(r.p, p, 0, variant, headline, puzzleGoing)
}

// puzzleShown records puzzle id as the one last given to the user
// (PuzzleRecord.Shown), so that /tafl move typed for it, with no game
// going, points at the puzzle's Move button (puzzleMoveHint). A failure
// is only logged: the puzzle is given all the same.
func (b *Bot) puzzleShown(ctx context.Context, r *request, id storage.PuzzleID) {
	if _, err := b.store.UpdatePlayer(ctx, r.in.GuildID, r.userID, func(pl *storage.Player) error {
		pl.Puzzles.Shown = id
		return nil
	}); err != nil {
		b.log.Warn("recording the puzzle given to a player", "user_id", r.userID, "puzzle_id", id, "err", err)
	}
}

// puzzleMoveHint is the answer to /tafl move, without a game option,
// from a user with no game going here (noGame, findGame's noGameErr) who
// has a puzzle under way: one they played a move of (PuzzleRecord.Going)
// or the one last given to them, not tried to its end yet (Shown). The
// puzzle's moves are played with the Move button under it, which the
// answer names. Without such a puzzle, noGame itself.
func (b *Bot) puzzleMoveHint(ctx context.Context, r *request, noGame *noGameErr) error {
	pl, err := b.store.GetPlayer(ctx, r.in.GuildID, r.userID)
	if err != nil {
		return noGame // none found: no puzzle either; another failure: the answer stays the no-game one
	}
	_, tried := pl.Puzzles.Tried[pl.Puzzles.Shown]
	if pl.Puzzles.Going == 0 && (pl.Puzzles.Shown == 0 || tried) {
		return noGame
	}
	return userErrorf("%[1]s Your puzzle is played with the **%[2]s** button under it: `/tafl move` plays games only.", noGame.userError, r.p.T("Move"))
}

// leavePuzzle counts the user's first attempt under way at a puzzle other
// than keep as not solved, as they are given another puzzle, and returns
// the line that says so ("" when none was under way).
func (b *Bot) leavePuzzle(ctx context.Context, r *request, keep storage.PuzzleID) (string, error) {
	pl, err := b.store.GetPlayer(ctx, r.in.GuildID, r.userID)
	if isNotFound(err) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	if pl.Puzzles.Going == 0 || pl.Puzzles.Going == keep {
		return "", nil
	}
	left, err := b.store.PuzzleUnderWay(ctx, r.in.GuildID, r.userID, 0)
	if err != nil {
		return "", err
	}
	return leftNote(r.p, left), nil
}

// leftNote says that attempt a, left half-way for another puzzle, counts
// as not solved, and what it did to the puzzle rating ("" for nil).
func leftNote(p *locale.Printer, a *storage.PuzzleAttempt) string {
	if a == nil {
		return ""
	}
	before, after := shownRatings(a.Before, a.After)
	return p.T("Puzzle %d, left unfinished, counts as not solved: your puzzle rating %.0f → %.0f (%+.0f).", a.Puzzle.ID, before, after, after-before)
}

// joinLines joins the lines that are not empty.
func joinLines(lines ...string) string {
	return strings.Join(slices.DeleteFunc(lines, func(s string) bool { return s == "" }), "\n")
}

// puzzleScope is the variant a puzzle component's "Another puzzle" keeps
// to: its Scope when that is a preset ("name" or "name/layout") or
// "custom", else ""
// (any variant).
func puzzleScope(c CustomID) string {
	if !puzzleVariant(c.Scope) {
		return ""
	}
	return c.Scope
}

// puzzleVariant reports whether v names puzzles' variant: a preset's name
// or "name/layout", as the variant autocomplete offers them, or "custom",
// the puzzles mined from games of a rules string, which a puzzle's header
// calls so.
func puzzleVariant(v string) bool {
	if v == "custom" {
		return true
	}
	name, layout, _ := strings.Cut(v, "/")
	_, err := tafl.Preset(name, layout)
	return err == nil
}

// puzzleOfVariant reports whether puzzle p is of the variant a user
// named: a preset's name ("tawlbwrdd": any of its layouts) or a name and
// layout ("tawlbwrdd/bell"; "copenhagen/standard" is plain copenhagen,
// whose puzzles record no layout). A puzzle stored with no layout is of
// its preset's default one.
func puzzleOfVariant(p *storage.Puzzle, variant string) bool {
	name, layout, named := strings.Cut(variant, "/")
	if p.Variant != name {
		return false
	}
	if !named {
		return true
	}
	v, err := tafl.Preset(name, layout)
	if err != nil {
		return false
	}
	pv, err := tafl.Preset(p.Variant, p.Layout)
	return err == nil && pv.Rules().Layout == v.Rules().Layout
}

// puzzleState says what a puzzle message shows.
type puzzleState uint8

const (
	puzzleGoing  puzzleState = iota // the user is to move
	puzzleSolved                    // the last move was played
	puzzleFailed                    // a wrong move: the answer is shown
)

// puzzleGame replays a puzzle's first step solution moves.
func puzzleGame(p *storage.Puzzle, step int) (*tafl.Game, []tafl.Move, error) {
	pz := puzzleOf(p)
	g, err := pz.Game()
	if err != nil {
		return nil, nil, err
	}
	line, err := pz.Line()
	if err != nil {
		return nil, nil, err
	}
	if step < 0 || step > len(line) {
		return nil, nil, fmt.Errorf("bot: puzzle %d has no step %d", p.ID, step)
	}
	for _, m := range line[:step] {
		if _, err := g.Play(m); err != nil {
			return nil, nil, fmt.Errorf("bot: puzzle %d: %w", p.ID, err)
		}
	}
	return g, line, nil
}

// puzzleTitle says who wins in how many moves from step.
func puzzleTitle(lp *locale.Printer, p *storage.Puzzle, step int) string {
	left := p.Moves - step/2
	switch {
	case p.ToMove == tafl.Attackers && left <= 1:
		return lp.T("Attackers to move and win at once")
	case left <= 1:
		return lp.T("Defenders to move and win at once")
	case p.ToMove == tafl.Attackers:
		return lp.T("Attackers to move and win in %d moves", left)
	}
	return lp.T("Defenders to move and win in %d moves", left)
}

// puzzleWinCaption is a solved puzzle's caption: "Solved · Attackers win".
func puzzleWinCaption(lp *locale.Printer, p *storage.Puzzle) string {
	if p.ToMove == tafl.Attackers {
		return lp.T("Solved · Attackers win")
	}
	return lp.T("Solved · Defenders win")
}

// puzzleMessage shows puzzle p after step solution moves: going (with
// the Move button), solved or failed (the winning move as an arrow). Its
// buttons keep scope, the variant "Another puzzle" offers ("" for any).
func (b *Bot) puzzleMessage(lp *locale.Printer, p *storage.Puzzle, step int, scope, headline string, state puzzleState) (*message, error) {
	g, line, err := puzzleGame(p, step)
	if err != nil {
		return nil, err
	}
	var sb strings.Builder
	if headline != "" {
		sb.WriteString(headline + "\n")
	}
	sb.WriteString(lp.T("**Puzzle %d** · %s · rated %.0f", p.ID, variantName(lp, p.Variant, p.Layout), p.Rating.Rating))
	if p.Attempts > 0 {
		sb.WriteString(" · " + lp.T("solved by %d of %d", p.Solved, p.Attempts))
	}
	sb.WriteString("\n")
	opts := b.render
	plies := g.Plies()
	if last := lastPly(plies); last != nil {
		opts.LastMove, opts.Captured = last.Move, last.Captures
	}
	id := func(a Action, arg string) string {
		return CustomID{Action: a, ID: uint64(p.ID), Ply: step, Arg: arg, Scope: scope}.String()
	}
	var buttons []discordgo.MessageComponent
	switch state {
	case puzzleGoing:
		title := puzzleTitle(lp, p, step)
		sb.WriteString("**" + title + ".** " + lp.T("Press **Move**."))
		opts.Caption = title
		buttons = append(buttons, discordgo.Button{Label: lp.T("Move"), Style: discordgo.PrimaryButton, CustomID: id(ActPuzzle, "")})
	case puzzleSolved:
		opts.Caption = puzzleWinCaption(lp, p)
	case puzzleFailed:
		opts.Arrows = []tafl.Move{line[step]}
		opts.Caption = lp.T("The winning move: %s", moveText(g, line[step]))
		sb.WriteString(lp.T("The solution: %s", solutionText(p, line)))
	}
	buttons = append(buttons, discordgo.Button{Label: lp.T("Another puzzle"), Style: discordgo.SecondaryButton, CustomID: id(ActPuzzleNew, "")})
	var buf bytes.Buffer
	err = b.withRenderSlot(func() error { return b.renderer.PNG(&buf, g.Position(), opts) })
	if err != nil {
		return nil, fmt.Errorf("bot: render: %w", err)
	}
	return &message{
		content:    sb.String(),
		files:      []*discordgo.File{{Name: fmt.Sprintf("puzzle-%d-%d.png", p.ID, step), ContentType: "image/png", Reader: describe(bytes.NewReader(buf.Bytes()), puzzleAlt(lp, p, g, opts.Caption))}},
		components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: buttons}},
	}, nil
}

// solutionText writes a puzzle's line with the winner's move numbers:
// "1. c6-f6 a4-a2 2. f6-f7 a2-a3 3. f7-g7".
func solutionText(p *storage.Puzzle, line []tafl.Move) string {
	names := make([]string, len(line))
	for i, m := range line {
		names[i] = m.String()
	}
	if start, _, err := puzzleGame(p, 0); err == nil {
		if full := analysis.Notation(start, line); len(full) == len(line) {
			names = full
		}
	}
	var parts []string
	for i, n := range names {
		if i%2 == 0 {
			parts = append(parts, strconv.Itoa(i/2+1)+".")
		}
		parts = append(parts, n)
	}
	return strings.Join(parts, " ")
}

// moveText writes move m of game g in full notation, as moves are
// written everywhere ("Kf6-f9", "d1-d4xd5"); simple notation if it
// cannot be played there.
func moveText(g *tafl.Game, m tafl.Move) string {
	if n := analysis.Notation(g, []tafl.Move{m}); len(n) == 1 {
		return n[0]
	}
	return m.String()
}

// private returns the message as a private reply.
func (m *message) private() *discordgo.InteractionResponseData {
	d := m.data()
	d.Flags = discordgo.MessageFlagsEphemeral
	d.AllowedMentions = &discordgo.MessageAllowedMentions{}
	return d
}

// loadPuzzle loads the puzzle of a component, refusing one that belongs
// to another server, and its game at the component's step (with the
// solution's moves).
func (b *Bot) loadPuzzle(ctx context.Context, r *request) (*storage.Puzzle, *tafl.Game, []tafl.Move, error) {
	p, err := b.store.GetPuzzle(ctx, storage.PuzzleID(r.cid.ID))
	if errors.Is(err, storage.ErrNotFound) {
		return nil, nil, nil, userErrorT("puzzle.gone")
	}
	if err != nil {
		return nil, nil, nil, err
	}
	if p.GuildID != "" && p.GuildID != r.in.GuildID {
		return nil, nil, nil, userErrorT("puzzle.other_server")
	}
	if r.cid.Ply%2 != 0 || r.cid.Ply >= len(p.Solution) {
		return nil, nil, nil, userErrorf("That puzzle button is broken; try `/tafl puzzle`.")
	}
	g, line, err := puzzleGame(p, r.cid.Ply)
	if err != nil {
		return nil, nil, nil, err
	}
	return p, g, line, nil
}

func puzzleMenu(lp *locale.Printer, p *storage.Puzzle, step int, scope string, g *tafl.Game) menuSpec {
	id := func(a Action, arg string) CustomID {
		return CustomID{Action: a, ID: uint64(p.ID), Ply: step, Arg: arg, Scope: scope}
	}
	return menuSpec{tg: g, title: lp.T("Puzzle %d", p.ID), piece: id(ActPuzzlePiece, ""), target: id(ActPuzzleTarget, ""), back: id(ActPuzzle, "back"), p: lp}
}

// btnPuzzle handles the Move button of a puzzle: the piece menu in a new
// private message (or in place, from the menu's Back button).
func (b *Bot) btnPuzzle(ctx context.Context, r *request) (*reply, error) {
	p, g, _, err := b.loadPuzzle(ctx, r)
	if err != nil {
		return nil, err
	}
	typ := discordgo.InteractionResponseChannelMessageWithSource
	page := 0
	if n, back := strings.CutPrefix(r.cid.Arg, "back"); back {
		typ = discordgo.InteractionResponseUpdateMessage
		page, _ = strconv.Atoi(n) // the page of the piece chosen ("back": the first)
	}
	return &reply{resp: &discordgo.InteractionResponse{Type: typ, Data: puzzleMenu(r.p, p, r.cid.Ply, puzzleScope(r.cid), g).pieces(page)}}, nil
}

// btnPuzzleSolve handles the daily puzzle's Solve button: the puzzle
// from its start, privately.
func (b *Bot) btnPuzzleSolve(ctx context.Context, r *request) (*reply, error) {
	p, _, _, err := b.loadPuzzle(ctx, r)
	if err != nil {
		return nil, err
	}
	left, err := b.leavePuzzle(ctx, r, p.ID)
	if err != nil {
		return nil, err
	}
	tried, err := b.triedNote(ctx, r, p.ID)
	if err != nil {
		return nil, err
	}
	b.puzzleShown(ctx, r, p.ID)
	msg, err := b.puzzleMessage(r.p, p, 0, "", joinLines(left, tried), puzzleGoing)
	if err != nil {
		return nil, err
	}
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: msg.private()}}, nil
}

// triedNote says, when the user tried puzzle id before, that this new
// attempt does not count ("" when it will): the daily puzzle's Solve
// gives a puzzle whether its first attempt is over or not, and its post
// says that the first attempt counts.
func (b *Bot) triedNote(ctx context.Context, r *request, id storage.PuzzleID) (string, error) {
	pl, err := b.store.GetPlayer(ctx, r.in.GuildID, r.userID)
	if isNotFound(err) {
		return "", nil
	}
	if err != nil {
		return "", err
	}
	t, tried := pl.Puzzles.Tried[id]
	switch {
	case !tried:
		return "", nil
	case t.Solved:
		return r.p.T("You solved this puzzle already: only your first attempt counts, so this one leaves your puzzle rating as it is."), nil
	}
	return r.p.T("You tried this puzzle already without solving it: only your first attempt counts, so this one leaves your puzzle rating as it is."), nil
}

// btnPuzzlePiece handles the puzzle's piece menu.
func (b *Bot) btnPuzzlePiece(ctx context.Context, r *request) (*reply, error) {
	p, g, _, err := b.loadPuzzle(ctx, r)
	if err != nil {
		return nil, err
	}
	ms := puzzleMenu(r.p, p, r.cid.Ply, puzzleScope(r.cid), g)
	if len(r.values) == 0 {
		page, _ := strconv.Atoi(r.cid.Arg)
		return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: ms.pieces(page)}}, nil
	}
	sq, err := tafl.ParseSquare(r.values[0])
	if err != nil {
		return nil, userErrorf("Pick a piece from the menu.")
	}
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: ms.targets(sq, 0)}}, nil
}

// btnPuzzleTarget handles the puzzle's destination menu: a page, or the
// move, which is judged.
func (b *Bot) btnPuzzleTarget(ctx context.Context, r *request) (*reply, error) {
	p, g, line, err := b.loadPuzzle(ctx, r)
	if err != nil {
		return nil, err
	}
	step := r.cid.Ply
	fromText, pageText, _ := strings.Cut(r.cid.Arg, "p")
	from, err := tafl.ParseSquare(fromText)
	if err != nil {
		return nil, userErrorf("That menu is broken; press **%s** again.", r.p.T("Move")) // the puzzle is in the reader's language
	}
	if len(r.values) == 0 {
		page, _ := strconv.Atoi(pageText)
		return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: puzzleMenu(r.p, p, step, puzzleScope(r.cid), g).targets(from, page)}}, nil
	}
	to, err := tafl.ParseSquare(r.values[0])
	if err != nil {
		return nil, userErrorf("Pick a destination from the menu.")
	}
	m := tafl.NewMove(from, to)
	trial := g.Clone()
	played, err := trial.Play(m)
	if err != nil {
		return nil, userErrorf("%s is not a legal move here; press **Back**.", m)
	}
	last := step == len(line)-1
	correct := m == line[step] || last && trial.Outcome().Winner == p.ToMove
	var msg *message
	switch {
	case correct && !last:
		// The attempt is under way (another one is left).
		a, err2 := b.store.PuzzleUnderWay(ctx, r.in.GuildID, r.userID, p.ID)
		if err2 != nil {
			return nil, err2
		}
		reply := moveText(trial, line[step+1])
		answer := r.p.T("✅ **%s** is right. The defenders answer **%s**.", played.Notation(), reply)
		if p.ToMove == tafl.Defenders {
			answer = r.p.T("✅ **%s** is right. The attackers answer **%s**.", played.Notation(), reply)
		}
		msg, err = b.puzzleMessage(r.p, p, step+2, puzzleScope(r.cid), joinLines(leftNote(r.p, a), answer), puzzleGoing)
	case correct:
		note, left, err2 := b.recordAttempt(ctx, r, p, true)
		if err2 != nil {
			return nil, err2
		}
		msg, err = b.solvedMessage(r.p, p, trial, puzzleScope(r.cid), joinLines(left, r.p.T("🎉 **%s** wins: puzzle solved! %s", played.Notation(), note)))
	default:
		note, left, err2 := b.recordAttempt(ctx, r, p, false)
		if err2 != nil {
			return nil, err2
		}
		msg, err = b.puzzleMessage(r.p, p, step, puzzleScope(r.cid), joinLines(left, r.p.T("❌ **%s** does not win in time. The winning move was **%s** (the green arrow). %s", played.Notation(), moveText(g, line[step]), note)), puzzleFailed)
	}
	if err != nil {
		return nil, err
	}
	d := msg.private()
	d.Attachments = &[]*discordgo.MessageAttachment{}
	return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseUpdateMessage, Data: d}}, nil
}

// The sources puzzles record (package puzzle's Mine, the bot's miner and
// the starter set's self-play), by the numbers puzzleSource needs.
var (
	sourceGame     = regexp.MustCompile(`^game (\d+), before move (\d+)$`)
	sourceCorpus   = regexp.MustCompile(`^Copenhagen corpus .*, before move (\d+)$`)
	sourceSelfPlay = regexp.MustCompile(`^self-play .*, before move (\d+)$`)
)

// puzzleSource says where a puzzle comes from in the user's language: "from
// game 12, before move 30", "from the engine's games against itself, before
// move 7" (the record's own words — seeds, nodes, file lines — are for
// developers); a source of another form is shown as it is.
func puzzleSource(lp *locale.Printer, source string) string {
	num := func(s string) int { n, _ := strconv.Atoi(s); return n }
	if m := sourceGame.FindStringSubmatch(source); m != nil {
		return lp.T("from game %d, before move %d", num(m[1]), num(m[2]))
	}
	if m := sourceCorpus.FindStringSubmatch(source); m != nil {
		return lp.T("from a game of the Copenhagen corpus, before move %d", num(m[1]))
	}
	if m := sourceSelfPlay.FindStringSubmatch(source); m != nil {
		return lp.T("from the engine's games against itself, before move %d", num(m[1]))
	}
	return source
}

// solvedMessage shows the final position of a solved puzzle, with
// "Another puzzle" of scope ("" for any variant).
func (b *Bot) solvedMessage(lp *locale.Printer, p *storage.Puzzle, g *tafl.Game, scope, headline string) (*message, error) {
	plies := g.Plies()
	opts := b.render
	if last := lastPly(plies); last != nil {
		opts.LastMove, opts.Captured = last.Move, last.Captures
	}
	opts.Caption = puzzleWinCaption(lp, p) + " · " + reasonText(lp, g.Outcome(), g.ToMove(), g.Outcome().Reason == tafl.NoMoves && g.Position().Count(g.ToMove()) == 0)
	var buf bytes.Buffer
	err := b.withRenderSlot(func() error { return b.renderer.PNG(&buf, g.Position(), opts) })
	if err != nil {
		return nil, fmt.Errorf("bot: render: %w", err)
	}
	id := CustomID{Action: ActPuzzleNew, ID: uint64(p.ID), Ply: 0, Scope: scope}.String()
	return &message{
		content: headline + "\n" + lp.T("**Puzzle %d** · %s · %s", p.ID, variantName(lp, p.Variant, p.Layout), puzzleSource(lp, p.Source)),
		files:   []*discordgo.File{{Name: fmt.Sprintf("puzzle-%d-solved.png", p.ID), ContentType: "image/png", Reader: describe(bytes.NewReader(buf.Bytes()), puzzleAlt(lp, p, g, opts.Caption))}},
		components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: lp.T("Another puzzle"), Style: discordgo.SecondaryButton, CustomID: id},
		}}},
	}, nil
}

// recordAttempt stores the user's attempt (the first one counts; it
// counts for the daily puzzle when p is the server's daily puzzle still
// up, the last one posted while the daily puzzle is on: a puzzle posted
// at 18:00 UTC is the daily puzzle until the next post, the next day's
// date included) and says what it did to their rating, and (left, else
// "") that it left the attempt under way at another puzzle.
func (b *Bot) recordAttempt(ctx context.Context, r *request, p *storage.Puzzle, solved bool) (note, left string, err error) {
	daily := ""
	if guild := r.in.GuildID; guild != "" {
		gs, err := b.store.GetGuildSettings(ctx, guild)
		if err != nil {
			return "", "", err
		}
		if gs.DailyChannelID != "" && gs.Daily.Date != "" && gs.Daily.PuzzleID == p.ID {
			daily = gs.Daily.Date
		}
	}
	a, err := b.store.RecordPuzzleAttempt(ctx, r.in.GuildID, r.userID, p.ID, solved, daily)
	if err != nil {
		return "", "", err
	}
	left = leftNote(r.p, a.Left)
	if !a.First {
		return r.p.T("(Only your first attempt at a puzzle counts: your puzzle rating stays %.0f.)", a.After.Rating), left, nil
	}
	before, after := shownRatings(a.Before, a.After)
	s := r.p.T("Your puzzle rating: %.0f → %.0f (%+.0f).", before, after, after-before)
	if daily != "" && solved {
		s += " " + r.p.T("You solved the daily puzzle: you will be named with the next one.")
	}
	return s, left, nil
}

// puzzleAlt is the alt text of a puzzle's board picture: the puzzle, the
// picture's caption (the side to move, or the attempt's end) and where
// every piece stands, which a puzzle is about and which a screen reader
// has no other way to learn (a game has /tafl board text:True).
func puzzleAlt(lp *locale.Printer, p *storage.Puzzle, g *tafl.Game, caption string) string {
	return lp.T("Puzzle %d, %s: %s.", p.ID, variantName(lp, p.Variant, p.Layout), strings.ReplaceAll(caption, "\n", " ")) + " " +
		strings.ReplaceAll(pieceLists(lp, g.Position()), "\n", " ")
}
