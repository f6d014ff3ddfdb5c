package tafl_test

// TestRules runs the rule cases in testdata/rules/*.txtar. Each case is
// worked out by hand from VARIANTS.md; its comment (the text before the
// first section) cites the rule it checks.
//
// The format is txtar: a comment, then sections that start with a line
// "-- NAME --". Sections:
//
//	-- variant --   a preset name and optional layout ("tawlbwrdd bell"),
//	                then optional tweak lines that turn it into a custom
//	                variant: "strength weak|strong|strong-near-throne|middleweight",
//	                "repetition ignore|draw|defenders-lose|mover-loses|forbidden",
//	                "arms armed|unarmed|hammer|anvil", "nomoves lose|draw".
//	-- position --  the start position, one of:
//	                - an OTN position record ("/3t3/.../"), rank 1 first;
//	                - piece lists, one line per kind: "K: f6", "T: d4 e5",
//	                  "t: c4 e2" (all other squares empty);
//	                - a diagram, rank N at the top, one character per square:
//	                  "." or "+" empty, "t" attacker, "T" defender, "K" king
//	                  (spaces and a leading rank number are ignored; a line
//	                  of file letters is skipped).
//	                Omitted: the variant's start position.
//	-- side --      the side to move first: attackers or defenders
//	                (omitted: the variant's first side).
//	-- moves --     moves to play in order, separated by spaces or newlines;
//	                each must be legal.
//	-- expect --    one check or action per line, in order ("#" starts a comment):
//	                play MOVE...            play more moves (each must be legal)
//	                captures SQ...          the last move captured exactly these (none: nothing)
//	                outcome STATUS [REASON] game status (ongoing, attackers-won,
//	                                        defenders-won, draw) and end reason
//	                illegal MOVE TEXT...    Game.Play refuses MOVE with an error whose
//	                                        text contains TEXT (case-insensitive); the
//	                                        game does not change
//	                legal MOVE...           each MOVE is among Game.LegalMoves
//	                legal-from SQ: SQ...    the destinations of the piece on SQ are exactly these
//	                nmoves N                the side to move has exactly N legal moves
//	                announce raichi|tuicha|none   the last move's announcement
//	                notation TEXT           the last move in OTN full form (K, captures, suffix)
//	                at SQ PIECE             the piece on SQ: . t T K
//	                to-move SIDE            the side to move
//
// For every case whose variant the reference of reference_test.go knows,
// the test also compares tafl.Perft from the case's start position with the
// reference at depth 2.

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

// txtarFile is a parsed txtar archive.
type txtarFile struct {
	comment  string
	sections map[string]string
	order    []string
}

// parseTxtar reads the txtar format (golang.org/x/tools/txtar; tafl tests
// use only the standard library).
func parseTxtar(data string) txtarFile {
	f := txtarFile{sections: map[string]string{}}
	cur := ""
	inComment := true
	var b strings.Builder
	flush := func() {
		if inComment {
			f.comment = b.String()
		} else {
			f.sections[cur] = b.String()
			f.order = append(f.order, cur)
		}
		b.Reset()
	}
	for _, line := range strings.SplitAfter(data, "\n") {
		t := strings.TrimRight(line, "\r\n")
		if strings.HasPrefix(t, "-- ") && strings.HasSuffix(t, " --") && len(t) > 6 {
			flush()
			cur = strings.TrimSpace(t[3 : len(t)-3])
			inComment = false
			continue
		}
		b.WriteString(line)
	}
	flush()
	return f
}

func TestRules(t *testing.T) {
	files, err := filepath.Glob("testdata/rules/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 40 {
		t.Fatalf("found %d rule cases in testdata/rules, expected many more", len(files))
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txtar")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			runRuleCase(t, parseTxtar(string(data)))
		})
	}
}

// caseVariant builds the variant (and the reference rules, when the
// reference knows them) from a variant section.
func caseVariant(t *testing.T, text string) (*tafl.Variant, *refRules) {
	t.Helper()
	lines := nonEmptyLines(text)
	if len(lines) == 0 {
		t.Fatal("empty variant section")
	}
	head := strings.Fields(lines[0])
	name, layout := head[0], ""
	if len(head) > 1 {
		layout = head[1]
	}
	if len(lines) == 1 {
		v, err := tafl.Preset(name, layout)
		if err != nil {
			t.Fatal(err)
		}
		rr := refPreset(name, layout)
		return v, &rr
	}
	r, err := tafl.PresetRules(name, layout)
	if err != nil {
		t.Fatal(err)
	}
	rr := refPreset(name, layout)
	refOK := true
	for _, l := range lines[1:] {
		f := strings.Fields(l)
		if len(f) != 2 {
			t.Fatalf("bad tweak %q", l)
		}
		switch f[0] {
		case "strength":
			s := map[string]tafl.KingStrength{"weak": tafl.WeakKing, "strong": tafl.StrongKing,
				"strong-near-throne": tafl.StrongNearThrone, "middleweight": tafl.MiddleweightKing}[f[1]]
			rs := map[string]refKingStrength{"weak": refWeak, "strong": refStrong,
				"strong-near-throne": refStrongNearThrone, "middleweight": refMiddleweight}[f[1]]
			if s == 0 {
				t.Fatalf("bad strength %q", f[1])
			}
			r.KingStrength, rr.strength = s, rs
		case "repetition":
			modes := []string{"ignore", "draw", "defenders-lose", "mover-loses", "forbidden"}
			i := slices.Index(modes, f[1])
			if i < 0 {
				t.Fatalf("bad repetition %q", f[1])
			}
			r.Repetition = []tafl.RepetitionRule{tafl.RepetitionIgnore, tafl.RepetitionDraw,
				tafl.RepetitionDefendersLose, tafl.RepetitionMoverLoses, tafl.RepetitionForbidden}[i]
			rr.rep = refRepetition(i)
		case "arms":
			a := map[string]tafl.KingArms{"armed": tafl.ArmedKing, "unarmed": tafl.UnarmedKing,
				"hammer": tafl.HammerKing, "anvil": tafl.AnvilKing}[f[1]]
			if a == 0 {
				t.Fatalf("bad arms %q", f[1])
			}
			r.KingArms = a
			rr.kingUnarmed = f[1] == "unarmed"
			refOK = refOK && (f[1] == "armed" || f[1] == "unarmed")
		case "nomoves":
			r.NoMovesDraw = f[1] == "draw"
		default:
			t.Fatalf("unknown tweak %q", l)
		}
	}
	r.Name = "custom"
	v, err := tafl.NewVariant(r)
	if err != nil {
		t.Fatal(err)
	}
	if !refOK {
		return v, nil
	}
	return v, &rr
}

func nonEmptyLines(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if i := strings.Index(l, "#"); i >= 0 {
			l = l[:i]
		}
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// caseRecord turns a position section into an OTN record for a board of size n.
func caseRecord(t *testing.T, text string, n int) string {
	t.Helper()
	lines := nonEmptyLines(text)
	if len(lines) == 1 && strings.HasPrefix(lines[0], "/") {
		return lines[0]
	}
	board := make([][]byte, n) // [rank][file]
	for i := range board {
		board[i] = []byte(strings.Repeat(".", n))
	}
	if strings.Contains(lines[0], ":") {
		for _, l := range lines {
			kind, list, _ := strings.Cut(l, ":")
			kind = strings.TrimSpace(kind)
			if kind != "t" && kind != "T" && kind != "K" {
				t.Fatalf("bad piece list %q", l)
			}
			for _, s := range strings.Fields(list) {
				sq, err := tafl.ParseSquare(s)
				if err != nil || !sq.OnBoard(n) {
					t.Fatalf("bad square %q in %q", s, l)
				}
				if board[sq.Rank()][sq.File()] != '.' {
					t.Fatalf("square %s listed twice", s)
				}
				board[sq.Rank()][sq.File()] = kind[0]
			}
		}
	} else {
		var rows []string
		for _, l := range lines {
			l = strings.TrimLeft(l, "0123456789 ")
			l = strings.ReplaceAll(l, " ", "")
			if l == "" || (l[0] >= 'a' && l[0] <= 's') {
				continue
			}
			rows = append(rows, l)
		}
		if len(rows) != n {
			t.Fatalf("diagram has %d rows, want %d", len(rows), n)
		}
		for i, row := range rows {
			if len(row) != n {
				t.Fatalf("diagram row %d has %d squares, want %d", i+1, len(row), n)
			}
			board[n-1-i] = []byte(strings.ReplaceAll(row, "+", "."))
		}
	}
	var b strings.Builder
	b.WriteByte('/')
	for r := 0; r < n; r++ {
		run := 0
		for f := 0; f < n; f++ {
			c := board[r][f]
			if c == '.' {
				run++
				continue
			}
			if run > 0 {
				b.WriteString(strconv.Itoa(run))
				run = 0
			}
			b.WriteByte(c)
		}
		if run > 0 {
			b.WriteString(strconv.Itoa(run))
		}
		b.WriteByte('/')
	}
	return b.String()
}

func mustMove(t *testing.T, s string) tafl.Move {
	t.Helper()
	mt, err := tafl.ParseMove(s)
	if err != nil {
		t.Fatalf("bad move %q in the case: %v", s, err)
	}
	return mt.Move
}

func runRuleCase(t *testing.T, c txtarFile) {
	if !strings.Contains(c.comment, "VARIANTS.md") {
		t.Errorf("the case's comment must cite the rule it checks (VARIANTS.md ...)")
	}
	for _, s := range c.order {
		if !slices.Contains([]string{"variant", "position", "side", "moves", "expect"}, s) {
			t.Fatalf("unknown section %q", s)
		}
	}
	v, rr := caseVariant(t, c.sections["variant"])
	start := v.Start()
	side := start.ToMove()
	if s, ok := c.sections["side"]; ok {
		var err error
		if side, err = tafl.ParseSide(strings.TrimSpace(s)); err != nil {
			t.Fatal(err)
		}
	}
	if s, ok := c.sections["position"]; ok {
		var err error
		start, err = v.ParsePosition(caseRecord(t, s, v.Size()), side)
		if err != nil {
			t.Fatal(err)
		}
	} else if side != start.ToMove() {
		var err error
		if start, err = v.ParsePosition(start.Record(), side); err != nil {
			t.Fatal(err)
		}
	}
	g := tafl.NewGameFrom(start)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("start (%s to move):\n%s", start.ToMove(), start.Diagram())
			var ms []string
			for _, p := range g.Plies() {
				ms = append(ms, p.Notation())
			}
			t.Logf("moves played: %s\nnow (%s to move, %s):\n%s", strings.Join(ms, " "), g.ToMove(), g.Outcome().Status(), g.Position().Diagram())
		}
	})

	var last *tafl.Ply
	play := func(s string) {
		t.Helper()
		ply, err := g.Play(mustMove(t, s))
		if err != nil {
			t.Fatalf("play %s: %v", s, err)
		}
		last = &ply
	}
	for _, s := range strings.Fields(c.sections["moves"]) {
		play(s)
	}
	expect, ok := c.sections["expect"]
	if !ok {
		t.Fatal("no expect section")
	}
	checks := 0
	for _, line := range nonEmptyLines(expect) {
		f := strings.Fields(line)
		verb, args := f[0], f[1:]
		checks++
		switch verb {
		case "play":
			for _, s := range args {
				play(s)
			}
			checks--
		case "captures":
			if last == nil {
				t.Fatalf("%s: no move played yet", line)
			}
			var got []string
			for _, sq := range last.Captures {
				got = append(got, sq.String())
			}
			want := slices.Clone(args)
			if len(want) == 1 && want[0] == "none" {
				want = nil
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s: the last move (%s) captured %v", line, last.Move, got)
			}
		case "outcome":
			o := g.Outcome()
			got := o.Status()
			if len(args) > 1 {
				got += " " + o.Reason.String()
			}
			if want := strings.Join(args, " "); got != want {
				t.Errorf("%s: got %q", line, got)
			}
		case "illegal":
			if len(args) < 2 {
				t.Fatalf("%s: want a move and a reason", line)
			}
			before := g.Position().Record()
			n := g.Len()
			_, err := g.Play(mustMove(t, args[0]))
			if err == nil {
				t.Fatalf("%s: the move was accepted", line)
			}
			want := strings.ToLower(strings.Join(args[1:], " "))
			if !strings.Contains(strings.ToLower(err.Error()), want) {
				t.Errorf("%s: error %q does not say %q", line, err, want)
			}
			// Every refusal but a move after the end names its Code,
			// which callers say in other languages (see
			// TestBoardRefusalsCarryTheirCode).
			var me *tafl.MoveError
			if !errors.As(err, &me) || me.Reason != tafl.ReasonGameOver && (me.Code == "" || me.Detail != me.Code.English(me.Args...)) {
				t.Errorf("%s: %#v has no code that says it", line, err)
			}
			if g.Position().Record() != before || g.Len() != n {
				t.Errorf("%s: the refused move changed the game", line)
			}
			if slices.Contains(g.LegalMoves(), mustMove(t, args[0])) {
				t.Errorf("%s: LegalMoves lists the move", line)
			}
		case "legal":
			moves := g.LegalMoves()
			for _, s := range args {
				if !slices.Contains(moves, mustMove(t, s)) {
					t.Errorf("%s: %s is not among the legal moves %v", line, s, moves)
				}
			}
		case "legal-from":
			from := strings.TrimSuffix(args[0], ":")
			var got []string
			for _, m := range g.LegalMoves() {
				if m.From().String() == from {
					got = append(got, m.To().String())
				}
			}
			want := slices.Clone(args[1:])
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s: got %v", line, got)
			}
		case "nmoves":
			if got := len(g.LegalMoves()); strconv.Itoa(got) != args[0] {
				t.Errorf("%s: got %d: %v", line, got, g.LegalMoves())
			}
		case "announce":
			if last == nil {
				t.Fatalf("%s: no move played yet", line)
			}
			got := last.Announce.String()
			if got == "" {
				got = "none"
			}
			if got != args[0] {
				t.Errorf("%s: got %s", line, got)
			}
		case "notation":
			if last == nil {
				t.Fatalf("%s: no move played yet", line)
			}
			if got := last.Notation(); got != args[0] {
				t.Errorf("%s: got %s", line, got)
			}
		case "at":
			sq, err := tafl.ParseSquare(args[0])
			if err != nil {
				t.Fatal(err)
			}
			if got := string(g.Position().At(sq).Letter()); got != args[1] {
				t.Errorf("%s: got %s", line, got)
			}
		case "to-move":
			if got := g.ToMove().String(); got != args[0] {
				t.Errorf("%s: got %s", line, got)
			}
		default:
			t.Fatalf("unknown expectation %q", line)
		}
	}
	if checks == 0 {
		t.Fatal("the case checks nothing")
	}

	// The reference agrees on the leaf count two plies from the start.
	if rr != nil && !start.Outcome().Over() {
		rp, err := refParse(rr, start.Record(), start.ToMove() == tafl.Defenders)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := tafl.Perft(start, 2), refPerft(rp, 2, []refKey{rp.key()}); got != want {
			t.Errorf("Perft(start, 2) = %d, reference %d", got, want)
			explainPerft(t, start, rp)
		}
	}
}

// TestVariantOf: a record's variant is its rules string's when it has
// one, else the named preset's; a bad rules string is an error, not the
// preset.
func TestVariantOf(t *testing.T) {
	pre, _ := tafl.Preset("tablut", "")
	if v, err := tafl.VariantOf("tablut", "", ""); err != nil || v != pre {
		t.Errorf("preset: %v %v, want the compiled preset", v, err)
	}
	rules := pre.Rules().String()
	v, err := tafl.VariantOf("brandubh", "", rules)
	if err != nil || v.Rules().String() != rules || v.Size() != 9 {
		t.Fatalf("rules string: %v %v", v, err)
	}
	if _, err := tafl.VariantOf("tablut", "", "dim:9 nonsense"); err == nil {
		t.Error("a bad rules string gave a variant")
	}
	if _, err := tafl.VariantOf("no-such-game", "", ""); !errors.Is(err, tafl.ErrUnknownVariant) {
		t.Errorf("unknown preset: %v", err)
	}
}

// TestVariantUntitled: a rules string without name: gives an untitled
// variant, whose rules string (and so an OTN record) still carries
// name:Custom and reads back untitled; one with a name, and every preset,
// is titled.
func TestVariantUntitled(t *testing.T) {
	const start = " start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/"
	v, err := tafl.VariantOf("", "", "dim:7 esc:e"+start)
	if err != nil {
		t.Fatal(err)
	}
	if !v.Untitled() || v.Rules().Title != "Custom" || !strings.Contains(v.RulesString(), " name:Custom ") {
		t.Errorf("no name: Untitled %v, title %q, rules %q; want untitled, \"Custom\", name:Custom", v.Untitled(), v.Rules().Title, v.RulesString())
	}
	if again, err := tafl.VariantOf("", "", v.RulesString()); err != nil || !again.Untitled() {
		t.Errorf("its rules string read back: %v, untitled %v", err, err == nil && again.Untitled())
	}
	named, err := tafl.VariantOf("", "", "dim:7 name:Kastali esc:e"+start)
	if err != nil {
		t.Fatal(err)
	}
	if named.Untitled() || named.Rules().Title != "Kastali" {
		t.Errorf("name:Kastali: title %q, untitled %v", named.Rules().Title, named.Untitled())
	}
	for _, p := range tafl.Presets() {
		if v, err := tafl.Preset(p.Name, ""); err != nil || v.Untitled() {
			t.Errorf("preset %s: %v, untitled", p.Name, err)
		}
	}
}

// TestPresetUnknownLayout: a known variant given a layout it does not have
// says the layout is unknown and lists the layouts ("tafl: unknown
// variant: copenhagen has no layout …" blamed the variant).
func TestPresetUnknownLayout(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"copenhagen", `tafl: unknown layout "round": copenhagen has only the layout standard`},
		{"tawlbwrdd", `tafl: unknown layout "round" of tawlbwrdd: choose one of lewis, bell, lewis-cross`},
	} {
		_, err := tafl.Preset(c.name, "round")
		if !errors.Is(err, tafl.ErrUnknownVariant) || err == nil || err.Error() != c.want {
			t.Errorf("%s: error %v, want %s", c.name, err, c.want)
		}
	}
}
