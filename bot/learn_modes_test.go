package bot_test

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/storage"
)

// TestLearningInEveryMode: a hint and a review of a game of a custom
// variant (a rules string, #20), and a starter puzzle solved through its
// menus, with the pictures described — in the gateway, HTTP and console
// modes alike.
func TestLearningInEveryMode(t *testing.T) {
	eachMode(t, func(t *testing.T, d driver) {
		v := d.do(t, "carol", `/tafl ai side:attackers level:easy variant:"dim:7 start:/4t2/7/2tT3/3K3/7/7/7/"`)
		if !strings.Contains(v.text, "Hint") {
			t.Fatalf("the engine game's board has no Hint button: %s", v.text)
		}
		v = d.do(t, "carol", "click Hint")
		if !strings.Contains(v.text, "the engine suggests **") || len(v.files) != 1 || len(v.alts) != 1 || !strings.Contains(v.alts[0], "suggested move") {
			t.Errorf("the hint: %d files, alts %q: %s", len(v.files), v.alts, v.text)
		}
		d.do(t, "carol", "/tafl move move:e1-e3")
		d.posted(t, "taflbot played")
		d.do(t, "carol", "/tafl resign")
		d.do(t, "carol", "click Yes, resign")
		v = d.do(t, "carol", "/tafl analyse")
		if !strings.Contains(v.text, "Review of game") || len(v.files) == 0 || len(v.alts) != len(v.files) || !strings.Contains(v.alts[0], "Evaluation graph") {
			t.Errorf("the review: %d files, alts %q: %s", len(v.files), v.alts, v.text)
		}

		v = d.do(t, "alice", "/tafl puzzle variant:brandubh")
		m := regexp.MustCompile(`\*\*Puzzle (\d+)\*\*`).FindStringSubmatch(v.text)
		if m == nil || len(v.alts) != 1 || !strings.HasPrefix(v.alts[0], "Puzzle "+m[1]) {
			t.Fatalf("the puzzle: alts %q: %s", v.alts, v.text)
		}
		id, _ := strconv.Atoi(m[1])
		p, err := d.store().GetPuzzle(t.Context(), storage.PuzzleID(id))
		if err != nil || p.Variant != "brandubh" {
			t.Fatalf("puzzle %d: %+v %v", id, p, err)
		}
		for i := 0; i < len(p.Solution); i += 2 {
			from, to, _ := strings.Cut(p.Solution[i], "-")
			d.do(t, "alice", "click Move")
			d.do(t, "alice", "select "+from)
			v = d.do(t, "alice", "select "+to)
		}
		if !strings.Contains(v.text, "puzzle solved") || !strings.Contains(v.text, "Your puzzle rating: 1500 →") {
			t.Errorf("after the solution %v: %s", p.Solution, v.text)
		}
	})
}
