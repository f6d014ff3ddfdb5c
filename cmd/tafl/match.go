package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/taflbot/taflbot/match"
)

// runMatch plays engine-vs-engine matches (package match):
//
//	tafl match [position flags] -p1 SPEC -p2 SPEC [-games N] [-opening PLIES | -openings FILE]
//	           [-time D | -nodes N | -nps N] [-maxplies N] [-concurrency N] [-seed N] [-out DIR]
//	           [-sprt ELO0,ELO1] [-fresh] [-settle D] [-transcripts DIR] [-force] [-progress=false]
//
// A player SPEC is a level (easy, medium, hard, max), a fixed budget
// (depth=N, nodes=N or time=D), or an external OTEP engine: "otep:COMMAND
// ARGS…" (split at spaces). -time D gives hard D and max 5D a move (and
// OTEP engines D, as a clock); -nps N gives hard N nodes and max 5N;
// -nodes N gives both N. An OTEP engine runs as one process per worker
// for the whole match (-fresh: one per game). The progress bar is drawn
// only when stderr is a terminal. A match between taflbot's engine on a
// time limit in this process and an OTEP engine starts with a warning on
// stderr that the seats are unequal (unequalSeats).
func runMatch(e env) error {
	var s setup
	var p1, p2, openings, outDir, transcripts, sprt string
	var games, opening, maxPlies, conc int
	var perMove, settle time.Duration
	var nodes, nps int64
	var seed uint64
	var progress, fresh, force bool
	fs := newFlags(e, "match", "[position flags] -p1 SPEC -p2 SPEC [-games N] [flags]")
	s.register(fs)
	fs.StringVar(&p1, "p1", "hard", "player 1: easy|medium|hard|max, depth=N, nodes=N, time=D, or otep:COMMAND")
	fs.StringVar(&p2, "p2", "medium", "player 2 (same forms as -p1)")
	fs.IntVar(&games, "games", 20, "number of games, 1 to 100000 (rounded up to an even number: pairs)")
	fs.IntVar(&opening, "opening", 4, "plies of the seeded random opening walk, 0 to 40")
	fs.StringVar(&openings, "openings", "", "file of openings: one position record and side to move per line")
	fs.DurationVar(&perMove, "time", 0, "time per move for hard (max gets 5×) and for OTEP engines (default: the level's)")
	fs.Int64Var(&nodes, "nodes", 0, "nodes per move for hard and max alike (reproducible runs)")
	fs.Int64Var(&nps, "nps", 0, "turn time into nodes at this rate: hard 1 s = N nodes, max 5 s = 5N (reproducible runs)")
	fs.IntVar(&maxPlies, "maxplies", 300, "plies after the opening before the game is adjudicated a draw")
	fs.IntVar(&conc, "concurrency", runtime.NumCPU(), "games played at once")
	fs.Uint64Var(&seed, "seed", 1, "seed of the random openings and of easy's and medium's random choices")
	fs.StringVar(&outDir, "out", "", "directory for the .otg game records (game-0001.otg, …); one that holds an earlier match's is refused, unless -force")
	fs.StringVar(&transcripts, "transcripts", "", "directory for the OTEP sessions, one file per game and engine (game-0001-p1.otep, …); one that holds an earlier match's is refused, unless -force")
	fs.BoolVar(&force, "force", false, "remove an earlier match's game records and transcripts from -out and -transcripts, and write this match's")
	fs.StringVar(&sprt, "sprt", "", "sequential test: ELO0,ELO1 (alpha = beta = 0.05); stops the match when decided")
	fs.BoolVar(&fresh, "fresh", false, "start each OTEP engine anew for every game")
	fs.DurationVar(&settle, "settle", 0, "quiet time an OTEP engine gets after its move before the host sends more (default 250ms)")
	fs.BoolVar(&progress, "progress", true, "show a progress bar on stderr when it is a terminal")
	if err := parseFlags(fs, e.args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return &usageError{msg: "match takes no arguments"}
	}
	if openings != "" {
		// The file gives each game's start and side to move: a random
		// walk's length or a start position would be ignored.
		conflict := ""
		fs.Visit(func(f *flag.Flag) {
			switch f.Name {
			case "opening", "position", "side":
				if conflict == "" {
					conflict = f.Name
				}
			}
		})
		if conflict != "" {
			return &usageError{msg: "-" + conflict + " does not go with -openings: the file gives each game's start position and side to move"}
		}
	}
	if games < 1 || games > 100000 || maxPlies < 1 || conc < 1 || opening < 0 || opening > 40 {
		return &usageError{msg: "-games from 1 to 100000, -opening from 0 to 40; -maxplies and -concurrency positive"}
	}
	if n := btoi(perMove != 0) + btoi(nodes != 0) + btoi(nps != 0); n > 1 {
		return &usageError{msg: "give one of -time, -nodes and -nps"}
	}
	// A budget flag given counts whatever its value: -nodes 0 was taken
	// as none given (each level's own budget).
	zero := false
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "time", "nodes", "nps", "settle":
			zero = zero || f.Value.String() == "0" || f.Value.String() == "0s"
		}
	})
	if zero || perMove < 0 || nodes < 0 || nps < 0 || settle < 0 {
		return &usageError{msg: "-time, -nodes, -nps and -settle must be positive"}
	}
	v, err := s.Variant()
	if err != nil {
		return err
	}
	m := &match.Match{Variant: v, MaxPlies: maxPlies, Seed: seed, OutDir: outDir, TranscriptDir: transcripts,
		Concurrency: conc, FreshEngines: fresh, Settle: settle}
	for i, text := range []string{p1, p2} {
		if m.Specs[i], err = match.ParseSpec(text, match.Budget{PerMove: perMove, Nodes: nodes, NPS: nps}); err != nil {
			return &usageError{msg: fmt.Sprintf("-p%d: %v", i+1, err)}
		}
		// An engine whose program cannot be started lost every game, the
		// match played out (and its records written) all the same.
		if c := m.Specs[i].Command; len(c) > 0 {
			if _, err := exec.LookPath(c[0]); err != nil {
				var ee *exec.Error
				if errors.As(err, &ee) {
					err = ee.Err
				}
				return fmt.Errorf("-p%d: the engine's program %s cannot be run (%v): fix its path, or install it", i+1, c[0], err)
			}
		}
	}
	if !m.Specs[0].IsOTEP() && !m.Specs[1].IsOTEP() {
		// They concern OTEP engines only: with none they were ignored
		// (-transcripts made an empty folder).
		var engineOnly string
		fs.Visit(func(f *flag.Flag) {
			if engineOnly == "" && (f.Name == "settle" || f.Name == "fresh" || f.Name == "transcripts") {
				engineOnly = f.Name
			}
		})
		if engineOnly != "" {
			return &usageError{msg: "-" + engineOnly + " goes with an OTEP engine (-p1 or -p2 otep:COMMAND), and neither player is one"}
		}
	}
	// The seed picks the random openings and easy's and medium's
	// choices: with an openings file and no such player it changed
	// nothing, without a word.
	if openings != "" && m.Specs[0].Limits.Noise == 0 && m.Specs[1].Limits.Noise == 0 {
		seeded := false
		fs.Visit(func(f *flag.Flag) { seeded = seeded || f.Name == "seed" })
		if seeded {
			return &usageError{msg: "-seed does not go with -openings unless a player is easy or medium: it picks the random openings and those levels' random choices, and neither player has any"}
		}
	}
	if sprt != "" {
		a, b, ok := strings.Cut(sprt, ",")
		e0, err0 := strconv.ParseFloat(strings.TrimSpace(a), 64)
		e1, err1 := strconv.ParseFloat(strings.TrimSpace(b), 64)
		// NaN and infinities parse as numbers: "nan,5" ran an undecided
		// test to the end, "-inf,5" accepted H1 at the first pair.
		finite := !math.IsNaN(e0) && !math.IsInf(e0, 0) && !math.IsNaN(e1) && !math.IsInf(e1, 0)
		if !ok || err0 != nil || err1 != nil || !finite || e0 >= e1 {
			return &usageError{msg: "-sprt wants ELO0,ELO1 with ELO0 < ELO1, such as 0,50"}
		}
		m.SPRT = &match.SPRT{Elo0: e0, Elo1: e1, Alpha: 0.05, Beta: 0.05}
	}
	pairs := (games + 1) / 2
	if openings != "" {
		m.Openings, err = match.ReadOpenings(v, openings)
		if err != nil {
			return err
		}
	} else {
		start, err := s.Start()
		if err != nil {
			return err
		}
		if err := overAtStart(start); err != nil {
			return err
		}
		for i := 0; i < pairs; i++ {
			m.Openings = append(m.Openings, match.RandomOpening(start, opening, seed+uint64(i)))
		}
	}
	if force && outDir == "" && transcripts == "" {
		return &usageError{msg: "-force goes with -out or -transcripts: it replaces an earlier match's files there"}
	}
	// A folder that holds an earlier match's files is refused: the new
	// games overwrote those of the same numbers and left the others
	// (of a longer match), mixed, without a word.
	if outDir != "" {
		if err := makeFolder("-out", outDir, "the game records (.otg)"); err != nil {
			return err
		}
		if err := earlierRun("-out", outDir, "game-[0-9]*.otg", "game record", force); err != nil {
			return err
		}
	}
	if transcripts != "" {
		if err := makeFolder("-transcripts", transcripts, "the engines' OTEP sessions"); err != nil {
			return err
		}
		if err := earlierRun("-transcripts", transcripts, "game-[0-9]*-p[12].otep", "transcript", force); err != nil {
			return err
		}
	}
	unequalSeats(e, m.Specs)
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	if progress && isTerminal(e.stderr) {
		m.Progress = e.stderr
	}
	sum := m.Run(ctx, pairs)
	sum.Print(e.stdout, m)
	if ctx.Err() != nil {
		// Interrupted (Ctrl-C): the summary looked like a whole match of
		// fewer games, and the exit status was 0.
		fmt.Fprintf(e.stdout, "interrupted after %d of %s: the match is not complete\n", len(sum.Games), plural(2*pairs, "game", "games"))
		return &exitError{code: 1}
	}
	if sum.Errors > 0 {
		return &exitError{code: 1}
	}
	return nil
}

// unequalSeats warns on e.stderr of a match between taflbot's engine in
// this process on a time limit and an OTEP engine: the in-process seat
// pays none of the protocol's and the other process's overhead out of its
// time, which was measured at some +100 Elo at 200 ms a move. A node or
// depth limit is the same whatever the overhead: no warning.
func unequalSeats(e env, specs [2]match.Spec) {
	for k, s := range specs {
		if s.IsOTEP() || s.Limits.Time <= 0 || !specs[1-k].IsOTEP() {
			continue
		}
		fmt.Fprintf(e.stderr, "tafl match: warning: the seats are unequal: -p%d (%s) searches in this process on a time limit and pays none of the OTEP protocol's and process's overhead that -p%d pays (some +100 Elo at 200 ms a move); to make them equal, play both over OTEP, such as -p%d \"otep:tafl otep -time %s\"\n",
			k+1, s.Name, 2-k, k+1, s.Limits.Time)
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// isTerminal reports whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
