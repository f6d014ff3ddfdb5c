package ai

import (
	"context"
	"testing"

	"github.com/taflbot/taflbot/tafl"
)

func TestParseLevel(t *testing.T) {
	for _, l := range Levels() {
		got, err := ParseLevel(l.String())
		if err != nil || got != l {
			t.Errorf("ParseLevel(%q) = %v, %v", l.String(), got, err)
		}
	}
	if got, err := ParseLevel(" HARD "); err != nil || got != Hard {
		t.Errorf("ParseLevel(HARD) = %v, %v", got, err)
	}
	if _, err := ParseLevel("grandmaster"); err == nil {
		t.Error("ParseLevel(grandmaster) succeeded")
	}
}

// checkNoBlunder plays level l in p with several seeds and fails if it
// misses a win in one or allows a loss in one that it could avoid.
func checkNoBlunder(t *testing.T, name string, p tafl.Position, l Level) {
	t.Helper()
	canWin := wins(&p, 1)
	canSave := false
	for _, m := range p.GenerateMoves(nil) {
		if moveSaves(&p, m) {
			canSave = true
			break
		}
	}
	for seed := uint64(1); seed <= 4; seed++ {
		r, err := PlayLevel(context.Background(), tafl.NewGameFrom(p), l, seed)
		if err != nil {
			t.Fatal(err)
		}
		if canWin && !moveWins(&p, r.Move, 1) {
			t.Errorf("%s: %s (seed %d) played %s and missed a win in one (%s)", name, l, seed, r.Move, p)
		}
		if !canWin && canSave && !moveSaves(&p, r.Move) {
			t.Errorf("%s: %s (seed %d) played %s, which allows a win in one (%s)", name, l, seed, r.Move, p)
		}
	}
}

func TestLowLevelsNeverBlunder(t *testing.T) {
	for i, tc := range loadTactics(t) {
		if raceEnabled && i%4 != 0 {
			continue // a sample under the race detector
		}
		if tc.kind == "save" || tc.n == 1 {
			p := tc.position(t)
			checkNoBlunder(t, tc.name, p, Easy)
			checkNoBlunder(t, tc.name, p, Medium)
		}
	}
	// Positions from random games, where such tactics arise by chance.
	names := []string{"brandubh", "tawlbwrdd", "tablut", "copenhagen", "ard-ri", "brandubh", "tawlbwrdd", "brandubh"}
	if raceEnabled {
		names = names[:3]
	}
	for i, name := range names {
		for n := 10; n <= 70; n += 20 {
			g := randomGame(t, name, n, uint64(1000+i))
			if g.Outcome().Over() {
				continue
			}
			checkNoBlunder(t, name, g.Position(), Easy)
		}
	}
}

// TestEveryVariantEveryLevel plays one move of every preset and layout at
// every level (hard and max with a node budget instead of their clock).
func TestEveryVariantEveryLevel(t *testing.T) {
	for _, info := range tafl.Presets() {
		for _, layout := range info.Layouts {
			v, err := tafl.Preset(info.Name, layout)
			if err != nil {
				t.Fatal(err)
			}
			g := randomGame(t, info.Name, 4, 3)
			if layout != info.Layouts[0] {
				g = tafl.NewGame(v)
			}
			levels := Levels()
			if raceEnabled {
				levels = []Level{Easy, Hard} // a sample under the race detector
			}
			for _, l := range levels {
				lim := LevelLimits(l, 1)
				lim.HashMB = 1
				if lim.Time > 0 {
					lim.Time, lim.Nodes = 0, 20000
				}
				r, err := Search(context.Background(), g, lim)
				if err != nil {
					t.Fatalf("%s/%s %s: %v", info.Name, layout, l, err)
				}
				if _, err := g.Clone().Play(r.Move); err != nil {
					t.Errorf("%s/%s %s: illegal move %s: %v", info.Name, layout, l, r.Move, err)
				}
			}
		}
	}
}
