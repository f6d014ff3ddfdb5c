package otep

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/tafl"
)

// TestReplayOpenTaflHosting replays sessions recorded while OpenTafl
// v0.4.8.0b (commit 6895051), in its headless network client, hosted
// `tafl otep -transcript FILE` through whole games (testdata/
// opentafl-hosts-*.otep): OpenTafl's lines ("> ", as it sent them: its
// own serialization of the rules, its clock with a trailing space, its
// move confirmations) go to an Engine whose searcher plays the moves the
// engine played then ("< move"); the engine must answer every line as it
// did (status lines aside, which depend on the search). No Java needed.
func TestReplayOpenTaflHosting(t *testing.T) {
	files, _ := filepath.Glob("testdata/opentafl-hosts-*.otep")
	if len(files) == 0 {
		t.Fatal("no recorded sessions")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) { replayHosted(t, f) })
	}
}

// recordedMoves plays the moves of the transcript's "< move" lines in turn.
type recordedMoves struct{ moves []string }

func (r *recordedMoves) Search(_ context.Context, g *tafl.Game, _ time.Duration) (Result, error) {
	if len(r.moves) == 0 {
		return Result{}, fmt.Errorf("the session has no more moves")
	}
	mt, err := tafl.ParseMove(r.moves[0])
	r.moves = r.moves[1:]
	return Result{Move: mt.Move}, err
}

func (r *recordedMoves) Analyze(context.Context, *tafl.Game, time.Duration) (Result, error) {
	return Result{}, fmt.Errorf("no analysis in the session")
}

func replayHosted(t *testing.T, file string) {
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	rec := &recordedMoves{}
	for _, l := range lines {
		if m, ok := strings.CutPrefix(l, "< move "); ok {
			rec.moves = append(rec.moves, m)
		}
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		err := (&Engine{Searcher: rec}).Serve(context.Background(), inR, outW)
		outW.Close()
		done <- err
	}()
	out := make(chan string, 100)
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			if !strings.HasPrefix(sc.Text(), "status ") {
				out <- sc.Text()
			}
		}
		close(out)
	}()
	moves, plays := 0, 0
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "> "):
			io.WriteString(inW, l[2:]+"\n")
			if strings.HasPrefix(l, "> play ") {
				plays++
			}
		case strings.HasPrefix(l, "< status "):
		case strings.HasPrefix(l, "< "):
			select {
			case got, ok := <-out:
				if !ok {
					t.Fatalf("line %d: the engine stopped; want %q", i+1, l[2:])
				}
				if got != l[2:] {
					t.Fatalf("line %d: the engine answered %q; in the session it answered %q", i+1, got, l[2:])
				}
				if strings.HasPrefix(got, "move ") {
					moves++
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("line %d: no answer; in the session: %q", i+1, l[2:])
			}
		}
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Errorf("Serve: %v", err)
	}
	if extra, ok := <-out; ok {
		t.Errorf("the engine answered %q after the session's end", extra)
	}
	if moves == 0 || moves != plays {
		t.Errorf("%d plays and %d moves in the session", plays, moves)
	}
	t.Logf("%d lines, %d moves", len(lines), moves)
}
