package match

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/tafl"
)

// transcriptEngine replays the engine's side of a recorded OTEP session
// ($MATCH_TEST_TRANSCRIPT): it prints the "< " lines in order, and before
// each line that followed a host line, it reads that line from its input,
// which must be the recorded "> " line. It writes "ok N" or where the host
// parted from the session to $MATCH_TEST_RESULT, and on a difference also
// "error -1" on its output, so that the host stops at once.
func transcriptEngine() int {
	data, err := os.ReadFile(os.Getenv("MATCH_TEST_TRANSCRIPT"))
	if err != nil {
		return 3
	}
	result := func(format string, args ...any) {
		os.WriteFile(os.Getenv("MATCH_TEST_RESULT"), []byte(fmt.Sprintf(format, args...)), 0o644)
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	if !strings.Contains(string(data), "< hello") {
		fmt.Println("hello") // a later game of a reused process
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<16), 1<<20)
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "< "):
			fmt.Println(l[2:])
		case strings.HasPrefix(l, "> "):
			if !in.Scan() {
				result("line %d: the host stopped; the session has %q", i+1, l[2:])
				return 1
			}
			if got := strings.TrimSpace(in.Text()); got != l[2:] {
				result("line %d: the host sent %q; in the session it sent %q", i+1, got, l[2:])
				fmt.Printf("error -1 the host parted from the recorded session at line %d\n", i+1)
				return 1
			}
		}
	}
	result("ok %d", len(lines))
	for in.Scan() { // goodbye and the like
	}
	return 0
}

// TestReplayOpenTaflEngine replays sessions of `tafl match` hosting
// OpenTafl v0.4.8.0b's engine (`java … OpenTafl --engine`, commit
// 6895051), recorded with -transcripts, with their game records
// (testdata/vs-opentafl-*.otep and .otg): the match's OTEP player, host
// and board keeping included, plays the recorded game against a process
// that answers as OpenTafl did, and must send OpenTafl exactly the lines
// it sent then and take exactly the moves it played. No Java needed.
func TestReplayOpenTaflEngine(t *testing.T) {
	files, _ := filepath.Glob("testdata/vs-opentafl-*.otep")
	if len(files) == 0 {
		t.Fatal("no recorded sessions")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) { replaySession(t, f, strings.TrimSuffix(f, ".otep")+".otg") })
	}
}

func replaySession(t *testing.T, transcript, record string) {
	data, err := os.ReadFile(record)
	if err != nil {
		t.Fatal(err)
	}
	full, _, err := tafl.DecodeGame(string(data))
	if err != nil {
		t.Fatal(err)
	}
	session, err := os.ReadFile(transcript)
	if err != nil {
		t.Fatal(err)
	}
	// The engine's game starts where the session's rules start, after the
	// opening; its side is the side of its "play" lines; its time per move
	// is its clock's.
	var start, side, perMove string
	for _, l := range strings.Split(string(session), "\n") {
		switch {
		case strings.HasPrefix(l, "> rules ") && start == "":
			r, err := tafl.ParseRules(l[len("> rules "):])
			if err != nil {
				t.Fatal(err)
			}
			start = r.Start + " " + r.First.String()
		case strings.HasPrefix(l, "> play ") && side == "":
			side = l[len("> play "):]
		case strings.HasPrefix(l, "> clock ") && perMove == "":
			perMove = strings.Fields(l)[2]
		}
	}
	engineSide, err := tafl.ParseSide(side)
	if err != nil {
		t.Fatal(err)
	}
	spec := Spec{Name: "OpenTafl, recorded"}
	if perMove != "" {
		ms := strings.TrimSuffix(perMove, "*")
		d, err := time.ParseDuration(ms + "ms")
		if err != nil {
			t.Fatal(err)
		}
		spec.PerMove = d
	}
	g := tafl.NewGameFrom(full.Start())
	plies := full.Plies()
	k := 0
	for ; k < len(plies) && g.Position().Record()+" "+g.ToMove().String() != start; k++ {
		if _, err := g.Play(plies[k].Move); err != nil {
			t.Fatal(err)
		}
	}
	if k == len(plies) {
		t.Fatalf("the session's start %s is not a position of the game", start)
	}
	exe, _ := os.Executable()
	spec.Command = []string{exe}
	res := filepath.Join(t.TempDir(), "result")
	t.Setenv("MATCH_TEST_TRANSCRIPT", transcript)
	t.Setenv("MATCH_TEST_RESULT", res)
	p := &otepPlayer{spec: spec, settle: time.Millisecond, reading: EngineReading(full.Variant())}
	ctx := context.Background()
	if err := p.start(ctx, g, engineSide, 0); err != nil {
		t.Fatal(err)
	}
	for _, pl := range plies[k:] {
		if g.ToMove() == engineSide {
			m, err := p.think(ctx, g)
			if err != nil {
				out, _ := os.ReadFile(res)
				t.Fatalf("ply %d: %v (%s)", g.Len()+1, err, out)
			}
			if m != pl.Move {
				t.Fatalf("ply %d: the engine's move %s, recorded %s", g.Len()+1, m, pl.Move)
			}
			g.Play(m)
			continue
		}
		if _, err := g.Play(pl.Move); err != nil {
			t.Fatal(err)
		}
		if g.Outcome().Over() {
			break
		}
		if err := p.told(g); err != nil {
			t.Fatalf("ply %d: %v", g.Len(), err)
		}
	}
	p.finish(full.Outcome())
	p.close()
	out, err := os.ReadFile(res)
	if err != nil || !strings.HasPrefix(string(out), "ok ") {
		t.Fatalf("the host parted from the session: %s (%v)", out, err)
	}
	if g.Outcome() != full.Outcome() {
		t.Errorf("the game ended %v, the record %v", g.Outcome(), full.Outcome())
	}
	t.Logf("%d plies from ply %d, %s lines replayed, %d resyncs", g.Len()-k, k+1, strings.TrimPrefix(string(out), "ok "), p.Resyncs)
}
