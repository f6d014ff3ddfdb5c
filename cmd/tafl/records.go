package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/taflbot/taflbot/tafl"
)

// record is a finished game read from a record file.
type record struct {
	path   string
	game   *tafl.Game
	tags   []tafl.Tag
	result float64 // for the attackers: 1 a win, ½ a draw, 0 a loss
}

// readFinished reads the game records in files and returns the finished
// games, in order. Unfinished games have no result: they are left out,
// and a line on e.stderr says how many (a database export, taflbot db
// export, holds the games in progress and the abandoned ones too); so
// are aborted games (their records say result 0 but nobody drew). With
// moves, so are records of a result but no move (a resignation or a
// forfeit before the first move, or a record cut short): their result is
// kept, but they show nothing of how games are won, so curve, tune and
// balance leave them out, with a line that says how many.
func readFinished(e env, files []string, moves bool) ([]record, error) {
	var recs []record
	var skipped, aborted, empty []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		g, tags, err := tafl.DecodeGame(string(data))
		if err != nil {
			return nil, inFile(f, err)
		}
		o := g.Outcome()
		if !o.Over() {
			skipped = append(skipped, f)
			continue
		}
		if o.Reason == tafl.Aborted {
			aborted = append(aborted, f)
			continue
		}
		if moves && len(g.Plies()) == 0 {
			empty = append(empty, f)
			continue
		}
		r := record{path: f, game: g, tags: tags, result: 0.5}
		switch o.Winner {
		case tafl.Attackers:
			r.result = 1
		case tafl.Defenders:
			r.result = 0
		}
		recs = append(recs, r)
	}
	if n := len(skipped); n > 0 {
		games := "games"
		if n == 1 {
			games = "game"
		}
		fmt.Fprintf(e.stderr, "skipped %d unfinished %s of %d (no result yet): %s\n", n, games, len(files), someNames(skipped))
	}
	if n := len(aborted); n > 0 {
		fmt.Fprintf(e.stderr, "skipped %s of %d (called off before both sides moved: no result): %s\n", plural(n, "aborted game", "aborted games"), len(files), someNames(aborted))
	}
	noMoves(e, empty, len(files), "nothing to learn from")
	if len(recs) == 0 && len(empty) > 0 {
		return nil, fmt.Errorf("no finished game with moves (%s read): only a game's moves show how its result came", plural(len(files), "record", "records"))
	}
	return recs, nil
}

// noMoves says on e.stderr which records of total were skipped for having
// a result but no move ("" when none), and why it matters (what).
func noMoves(e env, files []string, total int, what string) {
	if n := len(files); n > 0 {
		fmt.Fprintf(e.stderr, "skipped %s of %d with a result but no move (%s): %s\n", plural(n, "record", "records"), total, what, someNames(files))
	}
}

// someNames lists the first three of names, and how many more.
func someNames(names []string) string {
	if n := len(names); n > 3 {
		names = append(names[:3:3], fmt.Sprintf("and %d more", n-3))
	}
	return strings.Join(names, ", ")
}

// noFinished is the error of a command given records of unfinished games
// only.
func noFinished(args []string) error {
	return fmt.Errorf("no finished game in %s: only finished games have a result", strings.Join(args, ", "))
}

// oneVariant checks that game g (read from path) is of variant *v, or
// makes it the variant when *v is nil.
func oneVariant(v **tafl.Variant, g *tafl.Game, path string) error {
	if *v == nil {
		*v = g.Variant()
	} else if g.Variant().RulesString() != (*v).RulesString() {
		return fmt.Errorf("%s is a game of %s, not %s: fit one variant at a time", path, g.Variant().Name(), (*v).Name())
	}
	return nil
}
