package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/taflbot/taflbot/tafl/ai/balance"
)

// runBalance fits the engine's balance for one variant from game records
// (package tafl/ai/balance):
//
//	tafl balance DIR|FILE.otg …
func runBalance(e env) error {
	fs := newFlags(e, "balance", "DIR|FILE.otg …")
	if err := parseFlags(fs, e.args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return &usageError{msg: "give the game records: .otg files or directories holding them (tafl match -out DIR writes them)"}
	}
	files, err := recordFiles(fs.Args())
	if err != nil {
		return err
	}
	finished, err := readFinished(e, files, true)
	if err != nil {
		return err
	}
	if len(finished) == 0 {
		return noFinished(fs.Args())
	}
	var recs []balance.Record
	for _, f := range finished {
		recs = append(recs, balance.Record{Name: f.path, Game: f.game})
	}
	r, err := balance.Fit(recs)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "variant %s: %s, %s; the attackers scored %.1f %%\n",
		r.Variant.Name(), plural(r.Games, "game", "games"), plural(r.Positions, "position", "positions"), 100*r.AttackerScore)
	fmt.Fprintf(e.stdout, "even chances at a score of %+.0f (attackers' view; %.0f a logit)\n", r.Even, r.Scale)
	fmt.Fprintf(e.stdout, "balance: %d now, %.0f fitted\n", r.Now, r.Fitted)
	return nil
}

// recordFiles lists the .otg files named in args, directories searched
// to any depth, sorted within each directory. Folders that hold no record
// are an error (tafl tune and tafl puzzles went on without them: "the
// attackers won 0 and the defenders 0 of 0 games", "nothing to mine: give
// … game records").
func recordFiles(args []string) ([]string, error) {
	var out []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			out = append(out, a)
			continue
		}
		err = filepath.WalkDir(a, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".otg") {
				out = append(out, path)
			}
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	if len(args) > 0 && len(out) == 0 {
		return nil, fmt.Errorf("no .otg records in %s: play some with tafl match -out DIR", strings.Join(args, ", "))
	}
	return out, nil
}
