package match

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/otep"
	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

// The tests run this test binary as an OTEP engine: with MATCH_TEST_OTEP
// set it serves taflbot's engine at depth 1, after writing its process id
// to the file $MATCH_TEST_PIDS.
func TestMain(m *testing.M) {
	if os.Getenv("MATCH_TEST_SCRIPT") != "" {
		os.Exit(scriptedEngine())
	}
	if os.Getenv("MATCH_TEST_TRANSCRIPT") != "" {
		os.Exit(transcriptEngine())
	}
	if os.Getenv("MATCH_TEST_OTEP") == "" {
		os.Exit(m.Run())
	}
	if f, err := os.OpenFile(os.Getenv("MATCH_TEST_PIDS"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644); err == nil {
		fmt.Fprintln(f, os.Getpid())
		f.Close()
	}
	(&otep.Engine{Searcher: &otep.AI{Limits: ai.Limits{Depth: 1}}}).Serve(context.Background(), os.Stdin, os.Stdout)
	os.Exit(0)
}

// scriptedEngine is an OTEP engine that reads rules strings as OpenTafl
// does (without tb- keys) and plays the moves of $MATCH_TEST_SCRIPT in
// turn, logging its input to $MATCH_TEST_LOG.
func scriptedEngine() int {
	moves := strings.Split(os.Getenv("MATCH_TEST_SCRIPT"), ",")
	log, _ := os.OpenFile(os.Getenv("MATCH_TEST_LOG"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	defer log.Close()
	pr, pw := io.Pipe()
	go func() {
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			line := sc.Text()
			fmt.Fprintln(log, line)
			if strings.HasPrefix(line, "rules ") {
				var keep []string
				for _, f := range strings.Fields(line) {
					if !strings.HasPrefix(f, "tb-") {
						keep = append(keep, f)
					}
				}
				line = strings.Join(keep, " ")
			}
			io.WriteString(pw, line+"\n")
		}
		pw.Close()
	}()
	(&otep.Engine{Searcher: &script{moves: moves}}).Serve(context.Background(), pr, os.Stdout)
	return 0
}

// script plays its moves in turn.
type script struct{ moves []string }

func (s *script) Search(_ context.Context, g *tafl.Game, _ time.Duration) (otep.Result, error) {
	if len(s.moves) == 0 {
		return otep.Result{Move: g.LegalMoves()[0]}, nil
	}
	mt, err := tafl.ParseMove(s.moves[0])
	s.moves = s.moves[1:]
	return otep.Result{Move: mt.Move}, err
}

func (s *script) Analyze(context.Context, *tafl.Game, time.Duration) (otep.Result, error) {
	return otep.Result{}, nil
}

// An engine whose reading of the rules string is another game (tablut's
// camps without tb-owncamp: a camp square is hostile to an attacker in the
// same camp) captures where taflbot does not; the host sets its board to
// the game's before it goes on, and the game is a dispute.
func TestMatchResyncsEngineBoard(t *testing.T) {
	v, err := tafl.Preset("tablut", "")
	if err != nil {
		t.Fatal(err)
	}
	p, err := v.ParsePosition("/9/9/9/9/2T1K4/9/9/9/3t5/", tafl.Defenders)
	if err != nil {
		t.Fatal(err)
	}
	exe, _ := os.Executable()
	log := filepath.Join(t.TempDir(), "input.log")
	t.Setenv("MATCH_TEST_SCRIPT", "c5-c9")
	t.Setenv("MATCH_TEST_LOG", log)
	m := &Match{Variant: v, Openings: []Opening{{Pos: p}}, MaxPlies: 2, Settle: time.Millisecond,
		Specs: [2]Spec{{Name: "depth=1", Limits: ai.Limits{Depth: 1}}, {Name: "scripted", Command: []string{exe}}}}
	res := m.PlayGame(context.Background(), 0)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if res.Resyncs[1] != 1 || !strings.Contains(res.Dispute, "ply 1, c5-c9, captures [] in taflbot's rules and [d9] in the engine's") {
		t.Errorf("resyncs %v, dispute %q", res.Resyncs, res.Dispute)
	}
	data, _ := os.ReadFile(log)
	// After its c5-c9 the engine's board lacks d9: before the attackers'
	// move is told, its board is set to the real one, d9 included.
	want := "position /9/9/9/9/4K4/9/9/9/2Tt5/\nside attackers\nopponent-move "
	if !strings.Contains(string(data), want) {
		t.Errorf("engine input:\n%s\nwant %q", data, want)
	}
}

// otepSpec returns a spec of this test binary as an OTEP engine and the
// file its processes' ids go to.
func otepSpec(t *testing.T) (Spec, string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	pids := filepath.Join(t.TempDir(), "pids")
	t.Setenv("MATCH_TEST_OTEP", "1")
	t.Setenv("MATCH_TEST_PIDS", pids)
	return Spec{Name: "otep depth 1", Command: []string{exe}}, pids
}

func lines(t *testing.T, path string) int {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Count(string(data), "\n")
}

// An OTEP engine plays every game of a worker in one process (finish, then
// rules again); with FreshEngines, one process per game.
func TestMatchReusesEngineProcess(t *testing.T) {
	v := brandubh(t)
	for _, fresh := range []bool{false, true} {
		spec, pids := otepSpec(t)
		dir := t.TempDir()
		m := &Match{Variant: v, Specs: [2]Spec{spec, {Name: "depth=1", Limits: ai.Limits{Depth: 1}}},
			Openings: []Opening{RandomOpening(v.Start(), 2, 1), RandomOpening(v.Start(), 2, 2)},
			MaxPlies: 60, Concurrency: 1, FreshEngines: fresh, OutDir: dir, TranscriptDir: dir, Settle: time.Millisecond}
		sum := m.Run(context.Background(), 2)
		if sum.Errors != 0 || len(sum.Games) != 4 {
			var b bytes.Buffer
			sum.Print(&b, m)
			t.Fatalf("fresh=%v: %d games, %d errors:\n%s", fresh, len(sum.Games), sum.Errors, b.String())
		}
		want := 1
		if fresh {
			want = 4
		}
		if n := lines(t, pids); n != want {
			t.Errorf("fresh=%v: %d engine processes for 4 games, want %d", fresh, n, want)
		}
		// Each game's session is in its own transcript, starting with rules.
		for i := 1; i <= 4; i++ {
			data, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("game-%04d-p1.otep", i)))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(data), "> rules ") || strings.Contains(string(data), "> side ") {
				t.Errorf("game %d's transcript:\n%s", i, data)
			}
		}
	}
}

// shuttle plays moves on g and fails the test on an illegal one.
func play(t *testing.T, g *tafl.Game, moves ...string) {
	t.Helper()
	for _, m := range moves {
		if _, err := g.PlayText(m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
}

// Copenhagen's repetition rule (defenders lose) is not OTN's (tfr:w: the
// repeating player loses): a game the attackers win by repeating is one
// an OpenTafl engine scores for the defenders.
func TestDisputeRepetition(t *testing.T) {
	v, err := tafl.Preset("copenhagen", "")
	if err != nil {
		t.Fatal(err)
	}
	w := EngineReading(v)
	if w == nil {
		t.Fatal("copenhagen reads the same without its tb- keys")
	}
	g := tafl.NewGame(v)
	play(t, g, "a4-a2")
	for i := 0; i < 2; i++ { // the attackers' a3-a2 makes each repetition
		play(t, g, "d6-c6", "a2-a3", "c6-d6", "a3-a2")
	}
	if o := g.Outcome(); o.Winner != tafl.Attackers || o.Reason != tafl.Repetition {
		t.Fatalf("the shuttle ends %v, want an attackers' win by repetition", o)
	}
	d := Dispute(g, 0, w, false, "")
	if !strings.Contains(d, "taflbot's rules: attackers won (repetition); the engine's rules: defenders won (repetition)") {
		t.Errorf("dispute %q", d)
	}
	// Brandubh has no tb- key: nothing to dispute.
	if EngineReading(brandubh(t)) != nil {
		t.Error("brandubh has an engine reading of its own")
	}
}

// A Copenhagen shieldwall is a capture OpenTafl's engine does not make.
func TestDisputeShieldwall(t *testing.T) {
	v, _ := tafl.Preset("copenhagen", "")
	p, err := v.ParsePosition("/2tTTT5/3ttt5/11/6t4/11/5K5/11/11/11/11/11/", tafl.Attackers)
	if err != nil {
		t.Fatal(err)
	}
	g := tafl.NewGameFrom(p)
	play(t, g, "g4-g1")
	if d := Dispute(g, 0, EngineReading(v), true, ""); !strings.Contains(d, "ply 1, g4-g1, captures") {
		t.Errorf("dispute %q", d)
	}
	// Played in the opening, before the engines took over, it is no dispute.
	if d := Dispute(g, 1, EngineReading(v), true, ""); d != "" {
		t.Errorf("an opening move disputed: %q", d)
	}
}

// Tablut's own-camp rule: a move from one camp to another, refused by
// taflbot, is legal for an engine that reads the rules as OTN does.
func TestDisputeRefusedMove(t *testing.T) {
	v, err := tafl.Preset("tablut", "")
	if err != nil {
		t.Fatal(err)
	}
	p, err := v.ParsePosition("/3t5/9/9/9/4K4/9/9/9/9/", tafl.Attackers)
	if err != nil {
		t.Fatal(err)
	}
	g := tafl.NewGameFrom(p)
	if _, err := g.PlayText("d1-d9"); err == nil {
		t.Fatal("taflbot's tablut lets a piece move from camp to camp")
	}
	g.Resign(tafl.Attackers) // the engine that tried it lost
	d := Dispute(g, 0, EngineReading(v), true, "d1-d9")
	if !strings.Contains(d, "the engine's move d1-d9, refused by taflbot's rules, is legal in the engine's rules") {
		t.Errorf("dispute %q", d)
	}
	if d := Dispute(g, 0, EngineReading(v), true, "d1-e2"); d != "" {
		t.Errorf("a move illegal in both readings is disputed: %q", d)
	}
}

// The summary lists the disputed games and scores the match without them.
func TestSummaryWithoutDisputes(t *testing.T) {
	v := brandubh(t)
	m := &Match{Variant: v, Specs: [2]Spec{{Name: "a"}, {Name: "b", Command: []string{"x"}}}, MaxPlies: 10}
	s := NewSummary(3)
	win := func(side tafl.Side) tafl.Outcome { return tafl.Outcome{Winner: side, Reason: tafl.KingCaptured} }
	for _, r := range []GameResult{
		{Index: 0, P1Side: tafl.Attackers, Outcome: win(tafl.Attackers)},
		{Index: 1, P1Side: tafl.Defenders, Outcome: win(tafl.Attackers), Dispute: "rules differ", Status: [2]string{"", "depth 3"}},
		{Index: 2, P1Side: tafl.Attackers, Outcome: win(tafl.Attackers)},
		{Index: 3, P1Side: tafl.Defenders, Outcome: win(tafl.Defenders)},
		{Index: 4, P1Side: tafl.Attackers, Outcome: win(tafl.Defenders)},
		{Index: 5, P1Side: tafl.Defenders, Outcome: win(tafl.Defenders)},
	} {
		s.Add(r)
	}
	var b bytes.Buffer
	s.Print(&b, m)
	out := b.String()
	// All six: p1 4-2 (66.7 %); without game 2: p1 4-1 of five, two whole pairs (2 and 1 points).
	for _, want := range []string{
		"p1   a                      total          6     4      2     0   66.7%",
		"rules disputes (the engine's reading of the rules string parts from taflbot's): 1 game\n",
		"  game 2 (p1 defenders, attackers won (king-captured)): rules differ",
		"    p2's last status: depth 3",
		"without them: p1 5 games, 4-1-0, 80.0%; 2 whole pairs, elo p1 - p2:",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
	if u := s.Undisputed(); u.Penta != [5]int{0, 0, 1, 0, 1} {
		t.Errorf("undisputed pairs %v, want one pair of 1 point and one of 2", u.Penta)
	}
}

// recordMoves returns the moves of game i's record in dir (its lines
// without the [tag] headers).
func recordMoves(t *testing.T, dir string, i int) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("game-%04d.otg", i)))
	if err != nil {
		t.Fatal(err)
	}
	var moves []string
	for _, l := range strings.Split(string(data), "\n") {
		if !strings.HasPrefix(l, "[") {
			moves = append(moves, l)
		}
	}
	return strings.Join(moves, "\n")
}

// Two equal deterministic engines play each pair as one game twice (the
// same moves with the sides swapped); the summary counts such pairs, as
// the records show them, and says what to do. Unequal engines do not.
func TestSamePairs(t *testing.T) {
	v := brandubh(t)
	for _, c := range []struct {
		p1, p2 ai.Limits
	}{
		{ai.Limits{Depth: 2}, ai.Limits{Depth: 2}},
		{ai.Limits{Depth: 1}, ai.Limits{Depth: 3}},
	} {
		dir := t.TempDir()
		m := &Match{Variant: v, Specs: [2]Spec{{Name: "p1", Limits: c.p1}, {Name: "p2", Limits: c.p2}},
			Openings: []Opening{RandomOpening(v.Start(), 2, 1), RandomOpening(v.Start(), 2, 2), RandomOpening(v.Start(), 2, 3)},
			MaxPlies: 80, Concurrency: 1, OutDir: dir}
		sum := m.Run(context.Background(), 3)
		want := 0
		for k := 0; k < 3; k++ {
			if recordMoves(t, dir, 2*k+1) == recordMoves(t, dir, 2*k+2) {
				want++
			}
		}
		same, pairs := sum.SamePairs()
		if same != want || pairs != 3 {
			t.Errorf("%+v vs %+v: SamePairs %d of %d, the records show %d of 3", c.p1, c.p2, same, pairs, want)
		}
		var b bytes.Buffer
		sum.Print(&b, m)
		if said := strings.Contains(b.String(), fmt.Sprintf("pairs played as one game twice (the same moves with the sides swapped): %d of 3", want)); said != (want > 0) {
			t.Errorf("%+v vs %+v (%d same pairs): summary\n%s", c.p1, c.p2, want, b.String())
		}
		if c.p1 == c.p2 && want != 3 {
			t.Errorf("equal engines played %d of 3 pairs as one game twice, want all", want)
		}
		if c.p1 != c.p2 && want == 3 {
			t.Errorf("unequal engines played every pair as one game twice")
		}
	}
}
