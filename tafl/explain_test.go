package tafl_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

// presetLayouts lists every preset with each of its layouts.
func presetLayouts() [][2]string {
	var out [][2]string
	for _, p := range tafl.Presets() {
		for _, l := range p.Layouts {
			out = append(out, [2]string{p.Name, l})
		}
	}
	return out
}

// TestRulesPageStatesEveryRule renders every preset's rules page and
// checks that each rule the engine applies is stated, and that no
// statement of the opposite rule appears. The rules expected come from the
// reference of reference_test.go (written from VARIANTS.md, independently
// of tafl.Rules; perft and the rule cases check the engine against it),
// so the page, the specification and the engine cannot disagree.
func TestRulesPageStatesEveryRule(t *testing.T) {
	for _, pl := range presetLayouts() {
		name, layout := pl[0], pl[1]
		t.Run(name+"/"+layout, func(t *testing.T) {
			v, err := tafl.Preset(name, layout)
			if err != nil {
				t.Fatal(err)
			}
			rr := refPreset(name, layout)
			text := v.RulesPage().Text()
			var want, not []string
			state := func(cond bool, yes, no string) {
				if cond {
					want = append(want, yes)
					if no != "" {
						not = append(not, no)
					}
				} else {
					if no != "" {
						want = append(want, no)
					}
					not = append(not, yes)
				}
			}
			// Title: the variant's name with its layout.
			full := name
			for _, p := range tafl.Presets() {
				if p.Name == name && len(p.Layouts) > 1 {
					full += "/" + layout
				}
			}
			// The size too, unless the title names it ("Hnefatafl 9×9 (hnefatafl-9)").
			if title := v.Rules().Title; strings.Contains(title, fmt.Sprintf("%d×%d", rr.size, rr.size)) {
				want = append(want, fmt.Sprintf("%s (%s)\n", title, full))
				not = append(not, fmt.Sprintf("(%s, %d×%d)", full, rr.size, rr.size))
			} else {
				want = append(want, fmt.Sprintf("(%s, %d×%d)", full, rr.size, rr.size))
			}
			// Pieces and who moves first.
			want = append(want, "dark discs", "light squares", "crowned")
			state(rr.defFirst, "The defenders move first", "The attackers move first")
			// The throne.
			state(rr.hasThrone, "the throne (", "")
			if rr.hasThrone {
				switch {
				case rr.throneKingStop:
					want = append(want, "Only the king may stop on the throne")
				default:
					want = append(want, "No piece may stop on the throne")
				}
				switch {
				case rr.throneOtherPass:
					want = append(want, "every piece may pass over it while it is empty")
				default:
					want = append(want, "no piece may pass through it")
				}
				switch {
				case rr.throneHostEmpty == [3]bool{} && rr.throneHostOcc == [3]bool{}:
					want = append(want, "The throne is never hostile")
				case rr.throneHostEmpty == [3]bool{true, true, true} && rr.throneHostOcc == [3]bool{true, true, true}:
					want = append(want, "The throne is hostile to every piece, even while the king stands on it")
				case rr.throneHostEmpty == [3]bool{true, true, true} && rr.throneHostOcc == [3]bool{true, false, false}:
					want = append(want, "The empty throne is hostile to every piece; while the king is on it, it is hostile to the attackers only")
				case rr.throneHostEmpty == [3]bool{true, true, true} && rr.throneHostOcc == [3]bool{}:
					want = append(want, "The empty throne is hostile to every piece; while the king is on it, it is not hostile")
				case rr.throneHostEmpty == [3]bool{false, false, true}:
					want = append(want, "The throne is not hostile to ordinary pieces; it counts against the king")
				default:
					t.Fatalf("the test does not know this throne hostility: %v %v", rr.throneHostEmpty, rr.throneHostOcc)
				}
			}
			// Corners.
			state(len(rr.corners) > 0, "Only the king may enter the corner", "")
			if len(rr.corners) > 0 && rr.cornerHostile {
				want = append(want, "The corners are hostile to every piece")
			}
			// Camps.
			state(len(rr.camps) > 0, "no piece may enter or pass through a camp from outside", "")
			if len(rr.camps) > 0 {
				for _, camp := range rr.camps {
					var names []string
					for _, sq := range camp {
						names = append(names, fmt.Sprintf("%c%d", 'a'+sq[0], sq[1]+1))
					}
					want = append(want, strings.Join(names, " "))
				}
				switch rr.campHostile {
				case [3]bool{true, true, true}:
					want = append(want, "The camps are hostile to every piece, whether empty or occupied, except to a piece standing in that same camp")
				case [3]bool{false, false, true}:
					want = append(want, "The camps are not hostile to ordinary pieces; they count against the king")
				default:
					t.Fatalf("the test does not know this camp hostility: %v", rr.campHostile)
				}
			}
			// "A hostile square" only where one is: to ordinary pieces in
			// the capture rule, to the king in his (ard-ri and tawlbwrdd
			// have none; tablut-helmfrid's count against the king only).
			piecesHostile := len(rr.corners) > 0 && rr.cornerHostile || rr.campHostile[0] || rr.campHostile[1] ||
				rr.hasThrone && (rr.throneHostEmpty[0] || rr.throneHostEmpty[1] || rr.throneHostOcc[0] || rr.throneHostOcc[1])
			kingHostile := len(rr.corners) > 0 && rr.cornerHostile || rr.campHostile[2] || rr.hasThrone && rr.throneHostEmpty[2]
			state(piecesHostile, "between the piece you moved and another of your pieces or a hostile square.", "between the piece you moved and another of your pieces.")
			state(kingHostile, " (here: ", "")
			if !piecesHostile && !kingHostile {
				not = append(not, "hostile")
			}
			// The king.
			state(rr.kingUnarmed, "The king is unarmed", "The king is armed")
			switch rr.strength {
			case refWeak:
				want = append(want, "The king is captured like any other piece")
			case refStrong:
				want = append(want, "The king is captured only when he is surrounded on all four sides", "never be captured on the board's edge")
			case refStrongNearThrone:
				want = append(want, "On the throne the king is captured only when attackers surround him on all four sides",
					"beside the throne, by attackers on his three other sides")
			default:
				t.Fatalf("the test does not know king strength %v", rr.strength)
			}
			// Game end.
			corner := "win when the king reaches a corner square"
			if len(rr.corners) > 4 {
				corner = "win when the king reaches a square of a corner block"
			}
			state(rr.escapeEdge, "win when the king reaches any square on the board's edge", corner)
			if rr.escapeEdge && len(rr.camps) > 0 {
				want = append(want, "(not a camp)")
			}
			want = append(want, "The attackers win by capturing the king")
			state(rr.shieldwall, "Shieldwall:", "")
			state(rr.exitFort, "Exit fort:", "")
			state(rr.encircle, "Encirclement:", "")
			state(rr.combined, "Combined trap:", "")
			reps := map[refRepetition]string{
				refRepIgnore:        "Repeating a position has no consequence",
				refRepDraw:          "occurs for the third time, the game is a draw",
				refRepDefendersLose: "Perpetual repetition is a loss for the defenders",
				refRepMoverLoses:    "The player whose move makes the same position",
				refRepForbidden:     "Repetition is forbidden",
			}
			for rep, phrase := range reps {
				state(rr.rep == rep, phrase, "")
			}
			state(rr.noMovesDraw, "A player who cannot move does not lose: the game is drawn (stalemate)", "A player who cannot move loses")
			for _, w := range want {
				if !strings.Contains(text, w) {
					t.Errorf("the page does not say %q", w)
				}
			}
			for _, n := range not {
				if strings.Contains(text, n) {
					t.Errorf("the page says %q, which this variant does not play", n)
				}
			}
			if t.Failed() {
				t.Log("\n" + text)
			}
		})
	}
}

// TestRulesPageThroneOnce: every preset's Moving section says once where
// pieces may stop on the throne. hnefatafl-9 and tablut-helmfrid, whose
// throne nobody may stop on or pass once the king has left it, said it
// twice ("No piece may stop on the throne … no piece may pass through
// it", then "Once the king has left the throne … no piece may stop on it
// or pass through it").
func TestRulesPageThroneOnce(t *testing.T) {
	for _, pl := range presetLayouts() {
		v, err := tafl.Preset(pl[0], pl[1])
		if err != nil {
			t.Fatal(err)
		}
		for _, sec := range v.RulesPage().Sections {
			if sec.Heading != "Moving" {
				continue
			}
			var said []string
			for _, l := range sec.Lines {
				if strings.Contains(l, "throne") && (strings.Contains(l, "stop on") || strings.Contains(l, "pass through")) {
					said = append(said, l)
				}
			}
			if len(said) > 1 {
				t.Errorf("%s/%s: the throne's rule is stated %d times:\n%s", pl[0], pl[1], len(said), strings.Join(said, "\n"))
			}
		}
	}
	for _, name := range []string{"hnefatafl-9", "tablut-helmfrid"} {
		v, err := tafl.Preset(name, "")
		if err != nil {
			t.Fatal(err)
		}
		text := v.RulesPage().Text()
		for _, want := range []string{"No piece may stop on the throne (e5)", "not even the king, once he has left it", "no piece may pass through it"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: the page does not say %q:\n%s", name, want, text)
			}
		}
	}
}

// TestRulesPageWithoutHostileSquares: a custom variant with no throne,
// corners or camps, for each king strength, has a rules page that names no
// hostile square (its capture and king lines said "or a hostile square").
func TestRulesPageWithoutHostileSquares(t *testing.T) {
	for _, ks := range []string{"w", "s", "m"} {
		v, err := tafl.VariantOf("", "", "dim:9 esc:e cor: cen: ka:n ks:"+ks+" start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/")
		if err != nil {
			t.Fatal(err)
		}
		text := v.RulesPage().Text()
		if strings.Contains(text, "hostile") {
			t.Errorf("ks:%s: the page names a hostile square, which the rules do not have:\n%s", ks, text)
		}
		if want := "between the piece you moved and another of your pieces. "; !strings.Contains(text, want) {
			t.Errorf("ks:%s: the page does not say %q:\n%s", ks, want, text)
		}
	}
}

// TestIllustrationsPlayAsCaptioned checks every preset's worked examples:
// each variant has those its rules call for, and the reference generator
// of reference_test.go, replaying each example's move, finds the same
// captures and outcome the engine recorded.
func TestIllustrationsPlayAsCaptioned(t *testing.T) {
	for _, pl := range presetLayouts() {
		name, layout := pl[0], pl[1]
		t.Run(name+"/"+layout, func(t *testing.T) {
			v, err := tafl.Preset(name, layout)
			if err != nil {
				t.Fatal(err)
			}
			rr := refPreset(name, layout)
			ils := v.Illustrations()
			var titles []string
			for _, il := range ils {
				titles = append(titles, il.Title)
			}
			hostile := len(rr.corners) > 0 && rr.cornerHostile || rr.campHostile[0] || rr.throneHostEmpty[1]
			expect := map[string]bool{
				"Capture against a hostile square":    hostile,
				"Capture":                             !hostile,
				"Capture against the occupied throne": rr.throneHostOcc[1],
				"King capture":                        true,
				"Shieldwall":                          rr.shieldwall,
				"Exit fort":                           rr.exitFort,
				"Encirclement":                        rr.encircle,
				"Combined trap":                       rr.combined,
			}
			for title, want := range expect {
				if got := slices.Contains(titles, title); got != want {
					t.Errorf("illustration %q: present %v, want %v (have %q)", title, got, want, titles)
				}
			}
			for _, il := range ils {
				rp, err := refParse(&rr, il.Before.Record(), il.Before.ToMove() == tafl.Defenders)
				if err != nil {
					t.Fatalf("%s: %v", il.Title, err)
				}
				m := il.Ply.Move
				rm := refMove{m.From().File(), m.From().Rank(), m.To().File(), m.To().Rank()}
				legal := false
				for _, lm := range rp.moves() {
					legal = legal || lm == rm
				}
				if !legal {
					t.Errorf("%s: the reference finds %s illegal in %s", il.Title, m, il.Before.Record())
					continue
				}
				after, caps := rp.play(rm)
				var got, want []string
				for _, c := range caps {
					got = append(got, fmt.Sprintf("%c%d", 'a'+c[0], c[1]+1))
				}
				for _, c := range il.Ply.Captures {
					want = append(want, c.String())
				}
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Errorf("%s: the reference captures %v, the engine %v", il.Title, got, want)
				}
				reason := ""
				if il.Ply.Outcome.Over() {
					reason = il.Ply.Outcome.Reason.String()
				}
				if after.reason != reason {
					t.Errorf("%s: the reference ends with %q, the engine with %q", il.Title, after.reason, reason)
				}
				if len(want) == 0 && reason == "" {
					t.Errorf("%s: the move neither captures nor ends the game", il.Title)
				}
				for _, sq := range append(want, m.From().String(), m.To().String()) {
					if !strings.Contains(il.Caption, sq) {
						t.Errorf("%s: the caption %q does not name %s", il.Title, il.Caption, sq)
					}
				}
			}
		})
	}
}

// TestRulesPagePieceCounts: a custom start with no attackers, one of
// them, or no defender but the king, attackers off the rim or the king
// off the centre is described as it is; the page said "The attackers (0
// dark discs) start on the rim; the defenders (0 light squares) and their
// king (the crowned piece, on b1) start in the centre".
func TestRulesPagePieceCounts(t *testing.T) {
	for _, c := range []struct{ start, want string }{
		{"/7/7/7/3K3/7/7/7/", "The attackers (dark discs) have no piece in the start position, so they have no move; the defenders are the king alone (the crowned piece, on d4), who starts in the centre."},
		{"/3t3/7/7/3K3/7/7/7/", "The attackers (1 dark disc) start on the rim; the defenders are the king alone (the crowned piece, on d4), who starts in the centre."},
		{"/3t3/3t3/3T3/tt1K1tt/7/3t3/3t3/", "The attackers (8 dark discs) start on the rim; the defenders (1 light square) and their king (the crowned piece, on d4) start in the centre."},
		{"/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/", "The attackers (8 dark discs) start on the rim; the defenders (4 light squares) and their king (the crowned piece, on d4) start in the centre."},
		// Nor are the attackers always on the rim, or the king in the centre.
		{"/7/7/2t4/3K3/7/7/7/", "The attackers (1 dark disc) start inside the rim; the defenders are the king alone (the crowned piece, on d4), who starts in the centre."},
		{"/1K5/7/2T4/7/7/7/1t5/", "The attackers (1 dark disc) start on the rim; the defenders (1 light square) and their king (the crowned piece, on b1) start off the centre."},
	} {
		r, err := tafl.ParseRules("dim:7 start:" + c.start)
		if err != nil {
			t.Fatal(err)
		}
		v, err := tafl.NewVariant(r)
		if err != nil {
			t.Fatal(err)
		}
		page := v.RulesPage()
		if got := page.Sections[0].Lines[0]; got != c.want {
			t.Errorf("%s: %q\nwant %q", c.start, got, c.want)
		}
	}
}

// TestRulesPageKingOfCustomStrengths: a custom variant's king is described
// as the engine captures him. With ks:c (strong on and beside the throne)
// and no throne he is captured like any other piece, and the page spoke of
// the throne he cannot stand on; a middleweight king (ks:m), captured by
// three on the edge, was drawn under "captured only when surrounded on all
// four sides".
func TestRulesPageKingOfCustomStrengths(t *testing.T) {
	const start = "start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/"
	v, err := tafl.VariantOf("", "", "dim:9 cen: ks:c "+start)
	if err != nil {
		t.Fatal(err)
	}
	text := v.RulesPage().Text()
	if strings.Contains(text, "throne") {
		t.Errorf("ks:c without a throne: the page speaks of a throne:\n%s", text)
	}
	if want := "The king is captured like any other piece: between two attackers on opposite sides"; !strings.Contains(text, want) {
		t.Errorf("ks:c without a throne: the page does not say %q:\n%s", want, text)
	}
	v, err = tafl.VariantOf("", "", "dim:9 ks:m "+start)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, il := range v.Illustrations() {
		if il.Title != "King capture" {
			continue
		}
		found = true
		if !strings.HasPrefix(il.Caption, "Away from the board's edge") {
			t.Errorf("ks:m: the king capture says %q, though on the edge three attackers capture him", il.Caption)
		}
	}
	if !found {
		t.Error("ks:m: no king capture illustrated")
	}
}

// TestRulesPageSquaresHostileWhetherEmptyOrOccupied: camps or corners
// hostile to the same pieces empty and occupied say so once; the page read
// "An empty camp is hostile to the defenders and the king; an occupied
// camp to the defenders and the king."
func TestRulesPageSquaresHostileWhetherEmptyOrOccupied(t *testing.T) {
	for _, c := range []struct{ rules, want string }{
		{"dim:7 afor:a4,g4 start:/3t3/7/7/t2K2t/7/7/3t3/", "The camps are hostile to the defenders and the king, whether empty or occupied."},
		{"dim:7 corh:t start:/3t3/7/7/t2K2t/7/7/3t3/", "The corners are hostile to the attackers, whether empty or occupied."},
	} {
		v, err := tafl.VariantOf("", "", c.rules)
		if err != nil {
			t.Fatal(err)
		}
		if text := v.RulesPage().Text(); !strings.Contains(text, c.want) {
			t.Errorf("%s: the page does not say %q:\n%s", c.rules, c.want, text)
		}
	}
}
