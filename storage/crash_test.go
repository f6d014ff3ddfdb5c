package storage_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/taflbot/taflbot/storage"
)

const crashChildEnv = "TAFLBOT_STORAGE_CRASH_CHILD"

// TestCrashSafety runs a child process (this test binary) that plays
// moves with fsync on and prints each move whose UpdateGame returned
// success, and kills it with SIGKILL at a random moment, again and again.
// After each kill the database must open, pass bbolt's consistency check
// and taflbot's own (records decode, indexes match), and hold every move
// the child reported.
func TestCrashSafety(t *testing.T) {
	if path := os.Getenv(crashChildEnv); path != "" {
		crashChild(path)
		return
	}
	rounds := 20
	if testing.Short() {
		rounds = 5
	}
	path := filepath.Join(t.TempDir(), "taflbot.db")
	rng := rand.New(rand.NewPCG(2026, 11))
	type move struct {
		id   storage.GameID
		ply  int
		text string
	}
	var all []move
	for round := range rounds {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashSafety$", "-test.count=1")
		cmd.Env = append(os.Environ(), crashChildEnv+"="+path)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		tStart := time.Now()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := make(chan string)
		go func() {
			defer close(lines)
			r := bufio.NewReader(out)
			for {
				line, err := r.ReadString('\n')
				if err != nil {
					return // a partial last line was not fully reported: ignore it
				}
				lines <- line
			}
		}()
		var reported []move
		var kill <-chan time.Time
		for line := range lines {
			if kill == nil {
				// The child is running: kill it after a random 5-150 ms.
				kill = time.After(time.Duration(5+rng.IntN(145)) * time.Millisecond)
			}
			var m move
			if _, err := fmt.Sscanf(line, "%d %d %s\n", &m.id, &m.ply, &m.text); err != nil {
				t.Fatalf("round %d: child printed %q", round, line)
			}
			reported = append(reported, m)
			select {
			case <-kill:
				cmd.Process.Kill() // SIGKILL
				for range lines {
				}
			default:
			}
		}
		tKilled := time.Now()
		err = cmd.Wait()
		if kill == nil {
			t.Fatalf("round %d: the child reported no move: %v\n%s", round, err, stderr.String())
		}
		all = append(all, reported...)

		s, err := storage.Open(path, storage.Options{})
		if err != nil {
			t.Fatalf("round %d: reopen after SIGKILL: %v", round, err)
		}
		rep, err := s.Check(t.Context())
		if err != nil || !rep.OK() {
			t.Fatalf("round %d: check after SIGKILL: %v %v", round, err, rep.Problems)
		}
		lost := 0
		for _, m := range all {
			g, err := s.GetGame(t.Context(), m.id)
			if err != nil {
				t.Fatalf("round %d: game %d: %v", round, m.id, err)
			}
			if moves := g.Moves(); m.ply >= len(moves) || moves[m.ply] != m.text {
				lost++
			}
		}
		s.Close()
		if lost > 0 {
			t.Fatalf("round %d: %d of %d reported moves are missing", round, lost, len(all))
		}
		t.Logf("round %d: %d moves reported, all present; started %v, checked %v", round, len(reported), tKilled.Sub(tStart), time.Since(tKilled))
	}
}

// crashChild plays moves forever (until killed) from 4 goroutines into
// the store's active games in channel "crash", creating games as needed,
// and prints "id ply move" for each successful update.
func crashChild(path string) {
	s, err := storage.Open(path, storage.Options{LockTimeout: 10 * time.Second})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	var mu sync.Mutex
	fail := func(err error) {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(3)
	}
	bgctx := context.Background()
	for w := range 4 {
		go func() {
			rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), uint64(w)))
			for {
				games, err := s.ActiveGamesInChannel(bgctx, "crash")
				if err != nil {
					fail(err)
				}
				if len(games) < 6 {
					g, err := storage.NewGame("brandubh", "")
					if err != nil {
						fail(err)
					}
					g.ChannelID = "crash"
					g.Attackers, g.Defenders = storage.Human("a"+strconv.Itoa(w)), storage.Human("d"+strconv.Itoa(w))
					if err := s.CreateGame(bgctx, g); err != nil {
						fail(err)
					}
					continue
				}
				g := games[rng.IntN(len(games))]
				moves := g.Tafl().LegalMoves()
				m := moves[rng.IntN(len(moves))]
				ply := g.Ply()
				_, err = s.UpdateGame(bgctx, g.ID, ply, func(g *storage.Game) error { _, err := g.Tafl().Play(m); return err })
				if err != nil {
					continue // stale: another worker moved first
				}
				mu.Lock()
				os.Stdout.WriteString(fmt.Sprintf("%d %d %s\n", g.ID, ply, m))
				mu.Unlock()
			}
		}()
	}
	select {}
}
