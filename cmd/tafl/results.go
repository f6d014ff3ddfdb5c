package main

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strings"

	"github.com/taflbot/taflbot/match"
	"github.com/taflbot/taflbot/tafl"
)

// runResults tabulates finished game records (such as `tafl match -out
// DIR` and `taflbot db export` write) by player and side, with how the
// games ended, one table per variant; unfinished games are skipped,
// saying how many:
//
//	tafl results [-draw REASON,…] DIR|FILE.otg …
//
// -draw counts the games that ended for one of the given reasons (such as
// repetition) as draws, whoever the rules made the winner. The players
// are the records' attackers and defenders tags.
func runResults(e env) error {
	var draw string
	fs := newFlags(e, "results", "[-draw REASON,…] DIR|FILE.otg …")
	fs.StringVar(&draw, "draw", "", "end reasons counted as draws, comma-separated (such as repetition)")
	if err := parseFlags(fs, e.args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return &usageError{msg: "give the game records: .otg files or directories holding them (tafl match -out DIR writes them)"}
	}
	asDraw := map[tafl.EndReason]bool{}
	if draw != "" {
		// Empty items ("repetition," or "a,,b") are skipped, as a list
		// typed by hand has them.
		var names []string
		for _, name := range strings.Split(draw, ",") {
			name = strings.TrimSpace(name)
			if name == "" {
				continue
			}
			r, ok := tafl.ParseEndReason(name)
			if !ok || r == tafl.NoEnd {
				return &usageError{msg: fmt.Sprintf("-draw: unknown end reason %q: use king-captured, king-escaped, exit-fort, encirclement, repetition, no-moves, resignation or timeout", name)}
			}
			asDraw[r] = true
			names = append(names, name)
		}
		if len(names) == 0 {
			return &usageError{msg: fmt.Sprintf("-draw %q names no end reason: give one or more, comma-separated, such as -draw repetition", draw)}
		}
		draw = strings.Join(names, ",")
	}
	files, err := recordFiles(fs.Args())
	if err != nil {
		return err
	}
	sort.Strings(files)
	recs, err := readFinished(e, files, false)
	if err != nil {
		return err
	}
	if len(recs) == 0 {
		return noFinished(fs.Args())
	}
	// One table per variant: the sides' chances differ from one variant
	// to another, and one table of several (the header listing them)
	// added them up.
	tables := map[string]*resultTable{}
	for _, r := range recs {
		g := r.game
		names := map[string]string{}
		for _, tg := range r.tags {
			names[tg.Name] = tg.Value
		}
		if names["attackers"] == "" || names["defenders"] == "" {
			return fmt.Errorf("%s: the record names no attackers or defenders player (tags attackers and defenders)", r.path)
		}
		rules := g.Variant().RulesString()
		if names["position"] != "" && names["variant"] == "" {
			// A game of custom rules from an opening (tafl match
			// -openings under a custom repetition rule): its rules tag
			// carries the opening as its start, for OpenTafl, so each
			// opening read as a variant of its own and a 100-game match
			// came out as 30 tables. The opening is a position of the
			// rules, not other rules. (A preset's record names its
			// variant, whose rules keep the preset's start.)
			rules = withoutStart(openingRules(g, names["to-move"] != ""))
		}
		t := tables[rules]
		if t == nil {
			t = newResultTable(asDraw)
			t.name = g.Variant().FullName()
			tables[rules] = t
		}
		t.add(names["attackers"], names["defenders"], g.Outcome())
		// The game's own rules and start, not its tags: a record under a
		// rules string has no variant or position tag.
		start := g.Start()
		t.lines[gameLine{g.Variant().RulesString(), start.Record() + " " + start.ToMove().String(), match.LineOf(g)}] = true
	}
	// Two variants of one name (custom ones, or a preset with other
	// rules) are told apart by their rules strings.
	byName := map[string]int{}
	for _, t := range tables {
		byName[t.name]++
	}
	var order []*resultTable
	for rules, t := range tables {
		if byName[t.name] > 1 {
			t.name += " (rules " + rules + ")"
		}
		order = append(order, t)
	}
	sort.Slice(order, func(i, j int) bool { return order[i].name < order[j].name })
	if len(order) > 1 {
		var names []string
		for _, t := range order {
			names = append(names, t.name)
		}
		fmt.Fprintf(e.stdout, "%s of %d variants (%s): one table each\n\n", plural(len(recs), "game", "games"), len(order), strings.Join(names, ", "))
	}
	for i, t := range order {
		if i > 0 {
			fmt.Fprintln(e.stdout)
		}
		t.print(e.stdout, draw)
	}
	return nil
}

// sideResult is one player's results with one side.
type sideResult struct {
	wins, losses, draws int
	winsBy              map[tafl.EndReason]int // wins by end reason (counted wins only)
	drawnBy             map[tafl.EndReason]int // games made draws by -draw, by reason
}

func (r *sideResult) games() int { return r.wins + r.losses + r.draws }

// score is the score in percent, "-" without games (as tafl match
// writes it: 0.0% would say every game was lost).
func (r *sideResult) score() string {
	if r.games() == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*(float64(r.wins)+float64(r.draws)/2)/float64(r.games()))
}

// resultTable accumulates the results of one variant's games per player
// and side.
type resultTable struct {
	name    string // the variant's
	asDraw  map[tafl.EndReason]bool
	players []string                   // in order of first appearance
	res     map[string]*[2]*sideResult // [attackers, defenders]
	lines   map[gameLine]bool          // the distinct games
	games   int
}

// gameLine identifies a game by its variant, start position and moves
// (match.LineOf): two records with the same line are the same game,
// whoever played it.
type gameLine struct {
	variant, position string
	moves             uint64
}

func newResultTable(asDraw map[tafl.EndReason]bool) *resultTable {
	return &resultTable{asDraw: asDraw, res: map[string]*[2]*sideResult{}, lines: map[gameLine]bool{}}
}

func (t *resultTable) of(player string, side int) *sideResult {
	p, ok := t.res[player]
	if !ok {
		p = &[2]*sideResult{}
		for i := range p {
			p[i] = &sideResult{winsBy: map[tafl.EndReason]int{}, drawnBy: map[tafl.EndReason]int{}}
		}
		t.res[player] = p
		t.players = append(t.players, player)
	}
	return p[side]
}

func (t *resultTable) add(attackers, defenders string, o tafl.Outcome) {
	t.games++
	a, d := t.of(attackers, 0), t.of(defenders, 1)
	switch {
	case o.Winner == tafl.NoSide:
		a.draws++
		d.draws++
	case t.asDraw[o.Reason]:
		a.draws++
		d.draws++
		w := a
		if o.Winner == tafl.Defenders {
			w = d
		}
		w.drawnBy[o.Reason]++
	case o.Winner == tafl.Attackers:
		a.wins++
		a.winsBy[o.Reason]++
		d.losses++
	default:
		d.wins++
		d.winsBy[o.Reason]++
		a.losses++
	}
}

var sideNames = [2]string{"attackers", "defenders"}

func (t *resultTable) print(w io.Writer, draw string) {
	fmt.Fprintf(w, "results: %s of %s", plural(t.games, "game", "games"), t.name)
	if draw != "" {
		fmt.Fprintf(w, " (%s counted as a draw)", draw)
	}
	fmt.Fprintln(w)
	if n := len(t.lines); n < t.games {
		fmt.Fprintf(w, "distinct games: %d of %d (records with the same moves from the same position, such as a pair that equal engines played as one game twice, are counted each time below)\n", n, t.games)
	}
	width := len("player")
	for _, p := range t.players {
		width = max(width, len(p))
	}
	fmt.Fprintf(w, "%-*s %-10s %5s %5s %6s %5s %7s\n", width, "player", "side", "games", "wins", "losses", "draws", "score")
	for _, p := range t.players {
		var tot sideResult
		for s, r := range t.res[p] {
			fmt.Fprintf(w, "%-*s %-10s %5d %5d %6d %5d %7s\n", width, p, sideNames[s], r.games(), r.wins, r.losses, r.draws, r.score())
			tot.wins += r.wins
			tot.losses += r.losses
			tot.draws += r.draws
		}
		fmt.Fprintf(w, "%-*s %-10s %5d %5d %6d %5d %7s\n", width, p, "total", tot.games(), tot.wins, tot.losses, tot.draws, tot.score())
	}
	fmt.Fprintln(w, "wins by how they ended:")
	for _, p := range t.players {
		for s, r := range t.res[p] {
			if r.games() == 0 {
				continue
			}
			fmt.Fprintf(w, "  %s as %s: %s", p, sideNames[s], reasons(r.winsBy))
			if len(r.drawnBy) > 0 {
				fmt.Fprintf(w, "; counted as draws: %s", reasons(r.drawnBy))
			}
			fmt.Fprintln(w)
		}
	}
	fmt.Fprintln(w, "attackers' games won by king capture or encirclement:")
	for _, p := range t.players {
		r := t.res[p][0]
		if r.games() == 0 {
			continue
		}
		n := r.winsBy[tafl.KingCaptured] + r.winsBy[tafl.Encirclement]
		fmt.Fprintf(w, "  %s: %d of %d (%.1f%%)\n", p, n, r.games(), 100*float64(n)/float64(r.games()))
	}
}

// reasons writes counts by end reason, such as "king-captured 3, repetition 2".
func reasons(m map[tafl.EndReason]int) string {
	if len(m) == 0 {
		return "none"
	}
	var keys []tafl.EndReason
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %d", k, m[k]))
	}
	return strings.Join(parts, ", ")
}

// openingRules returns the rules string of game g, played from an opening
// under custom rules, with the side that moves first of the rules the
// opening was played under: the record's rules tag makes the side to
// move in the opening the first (atkf, for OpenTafl), and a to-move tag
// (toMove) says that the rules' own first side is the other; the openings
// of one match, some with the attackers to move and some with the
// defenders, read as two variants.
func openingRules(g *tafl.Game, toMove bool) string {
	r := g.Variant().Rules()
	if toMove {
		r.First = r.First.Other()
	}
	return r.String()
}

// withoutStart returns an OpenTafl rules string without its start field.
func withoutStart(rules string) string {
	f := strings.Fields(rules)
	f = slices.DeleteFunc(f, func(s string) bool { return strings.HasPrefix(s, "start:") })
	return strings.Join(f, " ")
}
