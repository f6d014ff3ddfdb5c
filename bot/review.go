package bot

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/taflbot/taflbot/analysis"
	"github.com/taflbot/taflbot/locale"
	"github.com/taflbot/taflbot/render"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

// Game reviews: /tafl analyse [game] and the Analyse button of a finished
// game's board. A review searches every position of the game with a fixed
// budget (Options.ReviewNodes), one position per task of the engine pool,
// so engine moves of games in progress go between its positions; a user
// has one review running at a time. A game is reviewed once at a time:
// whoever asks for a game while it is being reviewed waits for that
// review and gets it too, in their own language. The result is stored:
// asking again is instant, and /tafl history attaches it. It is delivered by editing the
// deferred reply (or, after Discord's 15 minutes, as a new message).

// reviewer tracks the reviews running in this process.
type reviewer struct {
	mu     sync.Mutex
	byUser map[string]storage.GameID  // user who started a review → its game
	byGame map[storage.GameID]*review // game → its review running
}

// asker is a user waiting for a review: the one who started it or one who
// asked for the same game meanwhile.
type asker struct {
	p    *locale.Printer // their language
	user string
	in   *discordgo.Interaction
}

// review is one review in progress.
type review struct {
	p      *locale.Printer // the language of the user who started it
	game   *storage.Game
	user   string
	in     *discordgo.Interaction
	askers []asker // everyone to answer, the starter first; guarded by reviewer.mu
	games  []*tafl.Game
	evals  []analysis.Eval
	nodes  int64
	start  time.Time
}

// findFinished returns the game to review: the one named, or the user's
// latest finished game in this server where a move was played.
func (b *Bot) findFinished(ctx context.Context, r *request, opt string) (*storage.Game, error) {
	if strings.TrimSpace(opt) != "" {
		return b.findGame(ctx, r, opt) // read only by its players or in its own server
	}
	g, err := b.lastEnded(ctx, r, true)
	if err != nil {
		return nil, err
	}
	if g == nil {
		return nil, b.nothingToReview(ctx, r)
	}
	r.gameID = uint64(g.ID)
	return g, nil
}

// nothingToReview is findFinished's answer when the user has no game here
// that ended after a move. It never sends them to the game option when
// its list (autocomplete: their finished games with a move, in every
// server) is empty, and it names the game here that ended last when it
// ended before any move (aborted), which /tafl analyse used just after it
// is about.
func (b *Bot) nothingToReview(ctx context.Context, r *request) error {
	last, err := b.lastEnded(ctx, r, false)
	if err != nil {
		return err
	}
	games, err := b.store.GamesByPlayer(ctx, r.userID, storage.GameFilter{Limit: 100}) // as the list has them
	if err != nil {
		return err
	}
	listed := slices.ContainsFunc(games, func(g *storage.Game) bool { return !g.Active() && g.Ply() > 0 })
	switch {
	case last != nil && listed:
		return userErrorT("review.aborted_other", int(last.ID))
	case last != nil:
		return userErrorT("review.aborted_only", int(last.ID))
	case listed:
		return userErrorT("review.none")
	}
	return userErrorT("review.none_yet")
}

// cmdAnalyse handles /tafl analyse [game].
func (b *Bot) cmdAnalyse(ctx context.Context, r *request) (*reply, error) {
	g, err := b.findFinished(ctx, r, r.str("game"))
	if err != nil {
		return nil, err
	}
	return b.analyse(ctx, r, g)
}

// btnAnalyse handles the Analyse button of a finished game.
func (b *Bot) btnAnalyse(ctx context.Context, r *request) (*reply, error) {
	g, err := b.findFinished(ctx, r, strconv.FormatUint(r.cid.ID, 10))
	if err != nil {
		return nil, err
	}
	return b.analyse(ctx, r, g)
}

// analyse answers with the stored review of g, or starts one.
func (b *Bot) analyse(ctx context.Context, r *request, g *storage.Game) (*reply, error) {
	if g.Active() {
		return nil, userErrorT("review.in_progress", int(g.ID))
	}
	if g.Ply() == 0 {
		return nil, userErrorT("review.no_moves", int(g.ID))
	}
	b.reviews.mu.Lock()
	if rv := b.reviews.byGame[g.ID]; rv != nil {
		// Being reviewed already: wait for that review, not a second one.
		for _, a := range rv.askers {
			if a.user == r.userID {
				b.reviews.mu.Unlock()
				return nil, stillReviewing(r, g.ID, a.in)
			}
		}
		rv.askers = append(rv.askers, asker{p: r.p, user: r.userID, in: r.in})
		b.reviews.mu.Unlock()
		return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource}}, nil
	}
	// Read under the lock: a review that ends stores its result before it
	// leaves byGame, so it is found either there or here.
	a, err := b.store.GetAnalysis(ctx, g.ID)
	if err == nil && a.Plies == g.Ply() {
		b.reviews.mu.Unlock()
		var rep analysis.Report
		if err := json.Unmarshal(a.Report, &rep); err != nil {
			return nil, fmt.Errorf("bot: the stored review of game %d: %w", g.ID, err)
		}
		rep.Classify() // a report stored before the classes went by the shown figures
		msg, err := b.reviewMessage(r.p, g, &rep)
		if err != nil {
			return nil, err
		}
		return &reply{resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseChannelMessageWithSource, Data: msg.data()}}, nil
	}
	if err != nil && !errors.Is(err, storage.ErrNotFound) {
		b.reviews.mu.Unlock()
		return nil, err
	}
	if other, busy := b.reviews.byUser[r.userID]; busy {
		var first *discordgo.Interaction
		if rv := b.reviews.byGame[other]; rv != nil {
			first = rv.in
		}
		b.reviews.mu.Unlock()
		return nil, stillReviewing(r, other, first)
	}
	return b.startReview(r, g) // unlocks
}

// stillReviewing refuses r's ask for a review while the user's review
// of game is still running, saying where that review will appear: where
// it was asked for (first), which may be another channel or a direct
// message.
func stillReviewing(r *request, game storage.GameID, first *discordgo.Interaction) error {
	switch {
	case first == nil || r.in == nil || first.ChannelID == r.in.ChannelID:
		return userErrorT("review.one_at_a_time", int(game))
	case first.GuildID == "":
		return userErrorT("review.one_at_a_time_dm", int(game))
	default:
		return userErrorT("review.one_at_a_time_in", int(game), "<#"+first.ChannelID+">")
	}
}

// startReview starts reviewing g for r's user; it is called with
// b.reviews.mu held and unlocks it.
func (b *Bot) startReview(r *request, g *storage.Game) (*reply, error) {
	games, err := analysis.Positions(g.Tafl())
	if err != nil {
		b.reviews.mu.Unlock()
		return nil, err
	}
	rv := &review{p: r.p, game: g, user: r.userID, in: r.in, askers: []asker{{p: r.p, user: r.userID, in: r.in}},
		games: games, evals: make([]analysis.Eval, 0, len(games)), nodes: b.reviewNodes, start: b.now()}
	if b.reviews.byUser == nil {
		b.reviews.byUser, b.reviews.byGame = map[string]storage.GameID{}, map[storage.GameID]*review{}
	}
	b.reviews.byUser[r.userID], b.reviews.byGame[g.ID] = g.ID, rv
	b.reviews.mu.Unlock()
	return &reply{
		resp: &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource},
		after: func(context.Context) {
			switch b.ai.submitTask(rv.user, rv.game.GuildID, func(ctx context.Context) { b.reviewStep(ctx, rv) }) {
			case submitFull:
				b.endReview(context.Background(), rv, func(p *locale.Printer) *message {
					return &message{content: p.T("The engine is too busy to review a game right now; please try again later.")}
				})
			case submitClosed:
				b.endReview(context.Background(), rv, func(p *locale.Printer) *message {
					return &message{content: p.T("The review of game %d was interrupted (the bot is restarting): ask again in a minute.", rv.game.ID)}
				})
			}
		},
	}, nil
}

// endReview ends review rv and answers everyone waiting for it with
// msg(their language).
func (b *Bot) endReview(ctx context.Context, rv *review, msg func(*locale.Printer) *message) {
	b.reviews.mu.Lock()
	delete(b.reviews.byUser, rv.user)
	delete(b.reviews.byGame, rv.game.ID)
	askers := rv.askers
	b.reviews.mu.Unlock()
	for _, a := range askers {
		b.deliverReview(ctx, rv.game.ID, a, msg(a.p))
	}
}

// reviewStep searches the next position of a review (one think) and
// queues the one after, or finishes the review.
func (b *Bot) reviewStep(ctx context.Context, rv *review) {
	i := len(rv.evals)
	// A step still queued when the bot shut down runs with the cancelled
	// context: it ends as interrupted, even on a position whose result
	// Evaluate knows without a search.
	var e analysis.Eval
	err := ctx.Err()
	if err == nil {
		e, err = analysis.Evaluate(ctx, rv.games[i], rv.nodes)
	}
	if err != nil {
		if ctx.Err() != nil {
			b.endReview(context.WithoutCancel(ctx), rv, func(p *locale.Printer) *message {
				return &message{content: p.T("The review of game %d was interrupted (the bot is restarting): ask again in a minute.", rv.game.ID)}
			})
			return
		}
		b.log.Error("review: searching a position", "game_id", rv.game.ID, "ply", i, "err", err)
		b.endReview(ctx, rv, func(p *locale.Printer) *message {
			return &message{content: p.T("The review of game %d failed (ref %s).", rv.game.ID, rv.in.ID)}
		})
		return
	}
	rv.evals = append(rv.evals, e)
	if len(rv.evals) < len(rv.games) {
		if b.ai.submitTask(rv.user, rv.game.GuildID, func(ctx context.Context) { b.reviewStep(ctx, rv) }) != submitQueued {
			b.endReview(context.WithoutCancel(ctx), rv, func(p *locale.Printer) *message {
				return &message{content: p.T("The review of game %d was interrupted (the bot is busy or restarting): ask again in a minute.", rv.game.ID)}
			})
		}
		return
	}
	rep, err := analysis.Review(rv.game.Tafl(), rv.evals, rv.nodes)
	if err != nil {
		b.log.Error("review: building the report", "game_id", rv.game.ID, "err", err)
		b.endReview(ctx, rv, func(p *locale.Printer) *message {
			return &message{content: p.T("The review of game %d failed (ref %s).", rv.game.ID, rv.in.ID)}
		})
		return
	}
	data, err := json.Marshal(rep)
	if err == nil {
		err = b.store.PutAnalysis(ctx, &storage.Analysis{GameID: rv.game.ID, Plies: rv.game.Ply(), Nodes: rv.nodes, Report: data, UserID: rv.user})
	}
	if err != nil {
		b.log.Error("review: storing it", "game_id", rv.game.ID, "err", err)
	}
	b.log.Info("review done", "game_id", rv.game.ID, "positions", len(rv.games), "took", b.now().Sub(rv.start))
	b.endReview(context.WithoutCancel(ctx), rv, func(p *locale.Printer) *message {
		msg, err := b.reviewMessage(p, rv.game, rep)
		if err != nil {
			b.log.Error("review: drawing it", "game_id", rv.game.ID, "err", err)
			msg = &message{content: p.T("The review of game %d is done but could not be drawn (ref %s).", rv.game.ID, rv.in.ID)}
		}
		return msg
	})
}

// deliverReview edits the deferred reply, or, when that fails (Discord
// forgets an interaction after 15 minutes), posts in the channel with a
// mention.
func (b *Bot) deliverReview(ctx context.Context, game storage.GameID, to asker, msg *message) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	d := msg.data()
	if _, err := b.rest.EditResponse(ctx, to.in, webhookEdit(d)); err == nil {
		return
	} else {
		b.log.Warn("review: editing the reply failed; posting it instead", "game_id", game, "err", err)
	}
	rewind(msg.files)
	send := msg.send()
	send.Content = "<@" + to.user + "> " + send.Content
	if _, err := b.rest.Send(ctx, to.in.ChannelID, send); err != nil {
		b.log.Error("review: posting it", "game_id", game, "err", err)
	}
}

// reviewMessage shows a review: the turning points as text, the
// evaluation graph and, when there are turning points, the board before
// the worst move with the engine's move as an arrow.
func (b *Bot) reviewMessage(p *locale.Printer, g *storage.Game, rep *analysis.Report) (*message, error) {
	var sb strings.Builder
	// The result as the graph's title says it: the board's result line
	// would mention the winner and the rating changes, pinging the players
	// of a game that anyone in the server may have reviewed.
	sb.WriteString(p.T("**Review of game %d** · %s · %s · %s", g.ID, gameVariant(p, g), moveCount(p, g.Ply()), resultCaption(p, g)) + "\n")
	// Where no curve is checked for the variant (rep.Fitted false) the
	// review shows the engine's judgement in words, no percentage.
	switch {
	case len(rep.Turning) == 0 && rep.Fitted:
		sb.WriteString(p.T("No move lost more than 2 points of win chance: a clean game.") + "\n")
	case len(rep.Turning) == 0:
		sb.WriteString(p.T("review.clean_judged") + "\n")
	case rep.Fitted:
		sb.WriteString(p.T("Turning points (the mover's win chance before → after; the engine's move):") + "\n")
	default:
		sb.WriteString(p.T("review.turning_judged") + "\n")
	}
	for _, l := range turningLines(p, rep) {
		sb.WriteString("• " + l + "\n")
	}
	// The node count grouped, as the text file's plural writes it.
	if rep.Fitted {
		sb.WriteString(p.T("-# The engine searched %d nodes a position; inaccuracy, mistake, blunder: a drop of 10, 20, 30 points.", locale.Grouped(rep.Nodes)))
	} else {
		sb.WriteString(p.T("review.judged_note", locale.Grouped(rep.Nodes)))
	}
	content := truncate(sb.String(), 1900) // between characters: player names and seven languages
	var graph bytes.Buffer
	title := p.T("Game %d · %s · %s", g.ID, gameVariant(p, g), resultCaption(p, g))
	err := b.withRenderSlot(func() error {
		return render.GraphPNG(&graph, reviewGraph(p, rep, title), render.GraphOptions{Theme: b.render.Theme})
	})
	if err != nil {
		return nil, fmt.Errorf("bot: drawing the graph: %w", err)
	}
	files := []*discordgo.File{{Name: fmt.Sprintf("game-%d-review.png", g.ID), ContentType: "image/png", Reader: describe(bytes.NewReader(graph.Bytes()), graphAlt(p, g, rep))}}
	// A clean game (no turning point: no move lost 2 points) has no
	// worst move worth a board, the text having just said so.
	if w := rep.Worst(); w >= 0 && len(rep.Turning) > 0 {
		pos, opts, ok, err := rep.MistakeBoard(g.Tafl(), w)
		if err != nil {
			return nil, err
		}
		if ok {
			o := b.render
			o.Arrows, o.LastMove, o.Captured, o.Caption = opts.Arrows, opts.LastMove, opts.Captured, mistakeCaption(p, rep.Moves[w])
			opts.Caption = o.Caption
			var board bytes.Buffer
			err := b.withRenderSlot(func() error { return b.renderer.PNG(&board, pos, o) })
			if err != nil {
				return nil, fmt.Errorf("bot: render: %w", err)
			}
			files = append(files, &discordgo.File{Name: fmt.Sprintf("game-%d-worst.png", g.ID), ContentType: "image/png",
				Reader: describe(bytes.NewReader(board.Bytes()), p.T("Game %d before its worst move: %s; the engine's better move drawn as a green arrow.", g.ID, opts.Caption))})
		}
	}
	return &message{content: content, files: files}, nil
}

// reviewGraph is the evaluation graph of review rep as package render
// draws it, under title, with its words (the axes, the sides) in p's
// language.
func reviewGraph(p *locale.Printer, rep *analysis.Report, title string) render.Graph {
	gr := rep.Graph(title)
	gr.Words = render.GraphWords{Chance: p.T("graph.chance"), Defenders: p.T("graph.defenders"),
		Attackers: p.T("graph.attackers"), Move: p.T("graph.move"), Judgement: p.T("graph.judgement"), Even: p.T("graph.even")}
	return gr
}

// graphAlt is the alt text of a review's evaluation graph: what it plots,
// where it starts and ends, and the turning points marked on it.
func graphAlt(p *locale.Printer, g *storage.Game, rep *analysis.Report) string {
	var sb strings.Builder
	if rep.Fitted {
		sb.WriteString(p.T("Evaluation graph of game %d, %s: the defenders' win chance after every move", g.ID, variantTitleSize(p, g.Tafl().Variant())))
	} else {
		sb.WriteString(p.T("review.graph_alt_judged", g.ID, variantTitleSize(p, g.Tafl().Variant())))
	}
	if n := len(rep.Chances); n > 0 {
		sb.WriteString(p.T(", from %s at the start to %s at the end", chanceWords(p, rep, 0), chanceWords(p, rep, n-1)))
	}
	if lines := turningLines(p, rep); len(lines) > 0 {
		sb.WriteString(". " + p.T("Marked turning points: %s", strings.Join(lines, "; ")))
	}
	sb.WriteString(".")
	return sb.String()
}

// sideWord names the side that made a move in the user's language, as a
// sentence's subject ("the attackers played d7-d4"; the challenge's "the
// attackers" is the side one plays as, a different case in Finnish).
func sideWord(p *locale.Printer, s tafl.Side) string {
	if s == tafl.Attackers {
		return p.T("review.attackers")
	}
	return p.T("review.defenders")
}

// classWord names a move's class in the user's language.
func classWord(p *locale.Printer, c analysis.Class) string {
	switch c {
	case analysis.Inaccuracy:
		return p.T("inaccuracy")
	case analysis.Mistake:
		return p.T("mistake")
	case analysis.Blunder:
		return p.T("blunder")
	}
	return ""
}

// standingWord says the engine's judgement of a position in the user's
// language, such as "the attackers stand better".
func standingWord(p *locale.Printer, s analysis.Standing) string {
	switch s {
	case analysis.AttackersWin:
		return p.T("standing.attackers_win")
	case analysis.AttackersMuchBetter:
		return p.T("standing.attackers_much")
	case analysis.AttackersBetter:
		return p.T("standing.attackers_better")
	case analysis.DefendersBetter:
		return p.T("standing.defenders_better")
	case analysis.DefendersMuchBetter:
		return p.T("standing.defenders_much")
	case analysis.DefendersWin:
		return p.T("standing.defenders_win")
	}
	return p.T("standing.even")
}

// chanceWords is how the review shows position i: the defenders' win
// chance ("64 %") where the variant's curve is checked, otherwise the
// engine's judgement in words with its score in attackers, "the
// attackers stand better (+2.9)" (the number in the reader's format).
func chanceWords(p *locale.Printer, rep *analysis.Report, i int) string {
	if rep.Fitted {
		return analysis.Percent(rep.Chances[i])
	}
	if s, won := rep.ScoreAt(i); !won {
		return p.T("standing.scored", standingWord(p, rep.Standing(i)), locale.Decimal(analysis.InAttackers(s)))
	}
	return standingWord(p, rep.Standing(i))
}

// turningLine says in one line, in the user's language, what turning
// point i (an index into rep.Moves) did, such as "12… d7-d4 (the
// defenders): blunder — their chance 64 % → 21 %; better d7-d9"
// (analysis.MoveReview.Summary in English), or, where the variant's
// curve is not checked, "… blunder — the defenders stand better → the
// attackers stand much better; …".
func turningLine(p *locale.Printer, rep *analysis.Report, i int) string {
	m := rep.Moves[i]
	s := p.T("%s %s (%s)", m.Number(), m.Notation, sideWord(p, m.Side))
	if m.Class != analysis.NoClass {
		s += ": " + classWord(p, m.Class)
	}
	if rep.Fitted {
		s += p.T(" — their chance %s → %s", analysis.Percent(m.Before), analysis.Percent(m.After))
	} else {
		s += p.T("review.judged_change", chanceWords(p, rep, i), chanceWords(p, rep, i+1))
	}
	if m.Best != "" && m.Best != m.Move {
		s += p.T("; better %s", m.Better())
	}
	return s
}

// turningLines are the review's turning points, in the order played.
func turningLines(p *locale.Printer, rep *analysis.Report) []string {
	var out []string
	for _, i := range rep.Turning {
		out = append(out, turningLine(p, rep, i))
	}
	return out
}

// reviewText is the review's text file (game-N-review.txt) in p's
// language, as analysis.Report.WriteText writes it in English: the
// title, how the win chances were found, then every move with the
// defenders' win chance after it and, for a classified move, its class,
// the drop and the engine's move, then the turning points.
func reviewText(p *locale.Printer, rep *analysis.Report, title string) string {
	var b strings.Builder
	if title != "" {
		b.WriteString(title + "\n")
	}
	b.WriteString(p.T("Engine review: %d nodes searched per position.", rep.Nodes) + "\n")
	if !rep.Fitted {
		reviewTextJudged(&b, p, rep)
		return b.String()
	}
	b.WriteString(p.T("The defenders' win chance comes from the engine's score by a logistic curve (even at %+.0f, %.0f points a logit; fitted for this variant).", rep.Curve.Even, rep.Curve.Scale))
	b.WriteString("\n" + p.T("A move that lowers its side's chance by 10, 20, 30 points is an inaccuracy, a mistake, a blunder.") + "\n\n")
	if len(rep.Chances) > 0 {
		b.WriteString(p.T("start: defenders %s", analysis.Percent(rep.Chances[0])) + "\n")
	}
	for i, m := range rep.Moves {
		fmt.Fprintf(&b, "%-6s %-18s ", m.Number(), m.Notation)
		if i+1 < len(rep.Chances) {
			b.WriteString(p.T("defenders %s", fmt.Sprintf("%5s", analysis.Percent(rep.Chances[i+1]))))
		}
		if m.Class != analysis.NoClass {
			class, drop, before, after := classWord(p, m.Class), float64(m.Points()), analysis.Percent(m.Before), analysis.Percent(m.After)
			if m.Side == tafl.Attackers {
				b.WriteString("  " + p.T("%s (−%.0f points; the attackers had %s, now %s), better %s", class, drop, before, after, m.Better()))
			} else {
				b.WriteString("  " + p.T("%s (−%.0f points; the defenders had %s, now %s), better %s", class, drop, before, after, m.Better()))
			}
			if len(m.Line) > 1 {
				fmt.Fprintf(&b, " (%s)", strings.Join(m.Line, " "))
			}
		}
		b.WriteByte('\n')
	}
	if lines := turningLines(p, rep); len(lines) > 0 {
		b.WriteString("\n" + p.T("Turning points:") + "\n")
		for _, l := range lines {
			b.WriteString("  " + l + "\n")
		}
	}
	return b.String()
}

// reviewTextJudged writes the rest of reviewText for a variant whose
// curve is not checked (rep.Fitted false): why there is no chance, then
// every move with the engine's judgement after it and, for a classified
// move, its class, the judgement before it and the engine's move, then
// the turning points.
func reviewTextJudged(b *strings.Builder, p *locale.Printer, rep *analysis.Report) {
	b.WriteString(p.T("review.text_judged") + "\n\n")
	if len(rep.Chances) > 0 {
		b.WriteString(p.T("review.text_start", chanceWords(p, rep, 0)) + "\n")
	}
	for i, m := range rep.Moves {
		fmt.Fprintf(b, "%-6s %-18s ", m.Number(), m.Notation)
		if i+1 < len(rep.Chances) {
			b.WriteString(chanceWords(p, rep, i+1))
		}
		if m.Class != analysis.NoClass {
			b.WriteString("  " + p.T("review.text_class", classWord(p, m.Class), chanceWords(p, rep, i), m.Better()))
			if len(m.Line) > 1 {
				fmt.Fprintf(b, " (%s)", strings.Join(m.Line, " "))
			}
		}
		b.WriteByte('\n')
	}
	if lines := turningLines(p, rep); len(lines) > 0 {
		b.WriteString("\n" + p.T("Turning points:") + "\n")
		for _, l := range lines {
			b.WriteString("  " + l + "\n")
		}
	}
}

// mistakeCaption is the caption of the board before the worst move.
func mistakeCaption(p *locale.Printer, m analysis.MoveReview) string {
	if m.Class == analysis.NoClass {
		return p.T("%s %s played %s · better %s", m.Number(), sideWord(p, m.Side), m.Notation, m.Better())
	}
	return p.T("%s %s played %s (%s) · better %s", m.Number(), sideWord(p, m.Side), m.Notation, classWord(p, m.Class), m.Better())
}
