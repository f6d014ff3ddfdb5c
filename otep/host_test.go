package otep

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/tafl"
)

// The host tests run this test binary as the engine process: with
// OTEP_TEST_ENGINE set it serves as an engine of that kind.
func TestMain(m *testing.M) {
	switch kind := os.Getenv("OTEP_TEST_ENGINE"); kind {
	case "":
		os.Exit(m.Run())
	case "ai":
		(&Engine{Searcher: depth(1)}).Serve(context.Background(), os.Stdin, os.Stdout)
		os.Exit(0)
	default:
		os.Exit(fakeEngine(kind))
	}
}

// fakeEngine is an engine with OpenTafl's habits, for the host tests:
//
//	opentafl      after "move" it keeps working for 200 ms (then prints
//	              "status" lines) and stops, as OpenTafl may crash, when a
//	              line arrives meanwhile; it ignores "error" (its board keeps
//	              the refused move)
//	illegal-once  like opentafl, but its first move is illegal
//	illegal       every move it submits is illegal
//	empty-move    every move it submits is a bare "move", with no text
//	silent        greets, then never answers
//	refuses       greets, then answers every play with "error 0 …" only
//	deaf          greets, then asks for the rules over and over and never
//	              reads its input
//	long-line     like opentafl, but prints a line over MaxLine before
//	              each move
//	long-move     greets, then answers every play with a "move" line over
//	              MaxLine only
//
// It logs every line it reads to the file $OTEP_TEST_LOG.
func fakeEngine(kind string) int {
	if kind == "deaf" {
		fmt.Println("hello")
		for i := 0; i < 20000; i++ {
			fmt.Println("rules")
		}
		time.Sleep(time.Minute)
		return 0
	}
	logf, _ := os.OpenFile(os.Getenv("OTEP_TEST_LOG"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	defer logf.Close()
	in := make(chan string)
	go func() {
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			fmt.Fprintln(logf, sc.Text())
			in <- sc.Text()
		}
		close(in)
	}()
	fmt.Println("hello")
	fmt.Println("OpenTafl-style log line that is not a command")
	var g *tafl.Game
	var v *tafl.Variant
	moves := 0
	for line := range in {
		cmd, arg, _ := strings.Cut(strings.TrimSpace(line), " ")
		switch cmd {
		case "goodbye":
			return 0
		case "rules":
			r, err := tafl.ParseRules(arg)
			if err != nil {
				fmt.Println("error -1 " + err.Error())
				continue
			}
			v, _ = tafl.NewVariant(r)
			g = tafl.NewGame(v)
		case "opponent-move":
			f := strings.Fields(arg)
			for _, m := range strings.Split(f[0], "|") {
				if _, err := g.PlayText(m); err != nil {
					fmt.Printf("error -1 desynchronised: %v\n", err)
					return 1
				}
			}
		case "play":
			if kind == "silent" {
				continue
			}
			if kind == "refuses" {
				fmt.Println("error 0 I do not play this position")
				continue
			}
			if kind == "long-move" {
				fmt.Println("move " + strings.Repeat("a1-a2|", MaxLine/6+1))
				continue
			}
			if kind == "long-line" {
				fmt.Println("status " + strings.Repeat("x", MaxLine))
			}
			moves++
			if kind == "empty-move" {
				fmt.Println("move")
				continue
			}
			if kind == "illegal" || (kind == "illegal-once" && moves == 1) {
				fmt.Println("move a1-a1")
				continue
			}
			m := g.LegalMoves()[0]
			fmt.Printf("move %s\n", m)
			g.Play(m) // its own board, like OpenTafl's, whatever the host says
			// Its own bookkeeping, then statistics; a line arriving
			// meanwhile is fatal, but to a "calm" engine (for the tests
			// of other things than the host's wait: on a busy machine
			// the bookkeeping can outlast any wait).
			if kind != "calm" {
				select {
				case l := <-in:
					fmt.Printf("error -1 crashed: %q arrived during the statistics\n", l)
					return 2
				case <-time.After(200 * time.Millisecond):
				}
			}
			for i := 0; i < 10; i++ {
				fmt.Printf("status statistics line %d\n", i)
			}
		}
	}
	return 0
}

// startFake starts a host on this test binary as an engine of kind.
func startFake(t *testing.T, kind string, opt Options) (*Host, string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	log := t.TempDir() + "/input.log"
	t.Setenv("OTEP_TEST_ENGINE", kind)
	t.Setenv("OTEP_TEST_LOG", log)
	if opt.Timeout == 0 {
		opt.Timeout = 20 * time.Second
	}
	h, err := Start(context.Background(), []string{exe}, opt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h, log
}

// playOut plays g to its end (or n plies): the host's engine for side,
// the first legal move at once for the other side.
func playOut(t *testing.T, h *Host, g *tafl.Game, side tafl.Side, n int) error {
	t.Helper()
	if err := h.NewGame(g); err != nil {
		return err
	}
	for i := 0; i < n && !g.Outcome().Over(); i++ {
		if g.ToMove() == side {
			m, err := h.Play(context.Background(), g, nil, 0)
			if err != nil {
				return err
			}
			if _, err := g.Play(m); err != nil {
				t.Fatalf("the host returned an illegal move %s: %v", m, err)
			}
			continue
		}
		if _, err := g.Play(g.LegalMoves()[0]); err != nil {
			t.Fatal(err)
		}
		if err := h.OpponentMoved(g); err != nil {
			return err
		}
	}
	h.Finish(g.Outcome())
	return nil
}

// A real engine (tafl otep's Engine) plays whole games through the host,
// twice in the same process.
func TestHostPlaysGames(t *testing.T) {
	h, _ := startFake(t, "ai", Options{Settle: time.Millisecond})
	v := brandubh(t)
	for _, side := range []tafl.Side{tafl.Attackers, tafl.Defenders} {
		g := tafl.NewGame(v)
		if err := playOut(t, h, g, side, 400); err != nil {
			t.Fatalf("playing the %s: %v", side, err)
		}
		if !g.Outcome().Over() {
			t.Errorf("the game as %s did not end in 400 plies", side)
		}
	}
	if err := h.Close(); err != nil {
		t.Error(err)
	}
}

// After its move the host gives an engine time to finish its statistics:
// the OpenTafl-like engine survives a fast opponent; without the wait
// (Settle 1 ns) it crashes, as OpenTafl did.
func TestHostWaitsForQuietEngine(t *testing.T) {
	v := brandubh(t)
	h, log := startFake(t, "opentafl", Options{Settle: time.Second})
	g := tafl.NewGame(v)
	if err := playOut(t, h, g, tafl.Attackers, 4); err != nil {
		t.Fatalf("with the wait: %v", err)
	}
	data, _ := os.ReadFile(log)
	if strings.Contains(string(data), "side ") {
		t.Errorf("the host sent side during a game:\n%s", data)
	}
	h2, _ := startFake(t, "opentafl", Options{Settle: time.Nanosecond})
	err := playOut(t, h2, tafl.NewGame(v), tafl.Attackers, 4)
	if err == nil || !strings.Contains(err.Error(), "crashed") {
		t.Errorf("without the wait: %v, want the engine's crash", err)
	}
}

// An engine that ignores "error" (OpenTafl) is put back on the game with
// rules and every move so far; a second illegal move loses.
func TestHostRefusesIllegalMoves(t *testing.T) {
	v := brandubh(t)
	h, log := startFake(t, "illegal-once", Options{Settle: time.Millisecond})
	g := tafl.NewGame(v)
	if err := h.NewGame(g); err != nil {
		t.Fatal(err)
	}
	first := g.LegalMoves()[0]
	g.Play(first)
	h.OpponentMoved(g)
	m, err := h.Play(context.Background(), g, nil, 0)
	if err != nil {
		t.Fatalf("after one illegal move: %v", err)
	}
	if err := g.Position().CheckMove(m); err != nil {
		t.Errorf("the second move %s is not legal: %v", m, err)
	}
	data, _ := os.ReadFile(log)
	want := fmt.Sprintf("play defenders\nerror 2\n%s\nopponent-move %s %s\nplay defenders\n", RulesLine(tafl.NewGame(v)), first, g.Position().Record())
	if !strings.Contains(string(data), want) {
		t.Errorf("engine input:\n%s\nwant the refusal and the game resent:\n%s", data, want)
	}

	h2, _ := startFake(t, "illegal", Options{Settle: time.Millisecond})
	h2.NewGame(tafl.NewGame(v))
	_, err = h2.Play(context.Background(), tafl.NewGame(v), nil, 0)
	var ill *IllegalMoveError
	if !errors.As(err, &ill) || ill.Text != "a1-a1" {
		t.Errorf("two illegal moves: %v, want an IllegalMoveError for a1-a1", err)
	}
	// The move is named once, the rules engine's reason after it (not
	// "engine move \"a1-a1\": a1-a1: …", nor "tafl: bad move \"zz\": …").
	for _, c := range []struct {
		text, want string
	}{
		{"a1-a1", `engine move "a1-a1": `},
		{"zz", `engine move "zz": a move starts with the square the piece leaves, such as d1 in d1-d4`},
		{"d2-d1", `engine move "d2-d1": d1 is occupied`},
	} {
		_, perr := tafl.NewGame(v).PlayText(c.text)
		got := (&IllegalMoveError{Text: c.text, Err: perr}).Error()
		if !strings.HasPrefix(got, c.want) || strings.Count(got, c.text) != 1 || strings.Contains(got, "tafl: ") {
			t.Errorf("%s refused: %q, want %q naming the move once", c.text, got, c.want)
		}
	}

	// A bare "move" is an illegal move like any other, refused twice: the
	// host's caller kills the process and frees its slot (a panic here
	// would leave both behind).
	h3, log3 := startFake(t, "empty-move", Options{Settle: time.Millisecond})
	h3.NewGame(tafl.NewGame(v))
	_, err = h3.Play(context.Background(), tafl.NewGame(v), nil, 0)
	if !errors.As(err, &ill) || ill.Text != "" {
		t.Errorf("two bare moves: %v, want an IllegalMoveError for an empty move", err)
	}
	h3.Close()
	if data, _ := os.ReadFile(log3); strings.Count(string(data), "error 2\n") != 2 {
		t.Errorf("engine input:\n%s\nwant each bare move refused with error 2 (illegal)", data)
	}
}

// The clock goes just before play, in the protocol's integer form.
func TestHostSendsClockBeforePlay(t *testing.T) {
	v := brandubh(t)
	h, log := startFake(t, "opentafl", Options{Settle: time.Millisecond})
	g := tafl.NewGame(v)
	h.NewGame(g)
	c := PerMoveClock(1500 * time.Millisecond)
	if _, err := h.Play(context.Background(), g, &c, 0); err != nil {
		t.Fatal(err)
	}
	h.Close()
	data, _ := os.ReadFile(log)
	if !strings.Contains(string(data), "\nclock 1500* 1500* 2 1 1\nplay attackers\n") {
		t.Errorf("engine input:\n%s", data)
	}
}

func TestHostEngineFailures(t *testing.T) {
	// An engine that exits at once never says hello.
	if _, err := Start(context.Background(), []string{"/bin/true"}, Options{}); err == nil || !strings.Contains(err.Error(), "exited") {
		t.Errorf("/bin/true: %v", err)
	}
	if _, err := Start(context.Background(), []string{"/no/such/engine"}, Options{}); err == nil {
		t.Error("a missing engine started")
	}
	// A missing working directory is named, not the program that is there
	// ("fork/exec /bin/true: no such file or directory").
	_, err := Start(context.Background(), []string{"/bin/true"}, Options{Dir: "/no/such/dir"})
	if want := "start engine /bin/true: its working directory: stat /no/such/dir: no such file or directory"; err == nil || err.Error() != want {
		t.Errorf("missing dir: %v, want %q", err, want)
	}
	// An engine that does not answer play times out; the host stays broken.
	h, _ := startFake(t, "silent", Options{Settle: time.Millisecond})
	v := brandubh(t)
	g := tafl.NewGame(v)
	h.NewGame(g)
	start := time.Now()
	_, err = h.Play(context.Background(), g, nil, 300*time.Millisecond)
	if err == nil || !strings.Contains(err.Error(), "within") || time.Since(start) > 5*time.Second {
		t.Errorf("silent engine: %v after %v", err, time.Since(start))
	}
	if h.Err() == nil {
		t.Error("the host does not report its failure")
	}
	if _, err := h.Play(context.Background(), g, nil, time.Second); err == nil {
		t.Error("a failed host played again")
	}
	// One that answers play with "error 0 …" only times out too, and the
	// failure says what it said (it read only "no \"move\" … within").
	h, _ = startFake(t, "refuses", Options{Settle: time.Millisecond})
	h.NewGame(g)
	_, err = h.Play(context.Background(), g, nil, 300*time.Millisecond)
	if want := `no "move" from the engine within 300ms; it said "error 0 I do not play this position"`; err == nil || err.Error() != want {
		t.Errorf("refusing engine: %v, want %q", err, want)
	}
}

// An engine that stops reading its input, here while it asks for the
// rules again and again, fails once a line cannot be written within
// Options.Write: the host does not block on the full pipe.
func TestHostEngineStopsReading(t *testing.T) {
	h, _ := startFake(t, "deaf", Options{Settle: time.Millisecond, Write: 200 * time.Millisecond})
	g := tafl.NewGame(brandubh(t))
	done := make(chan error, 1)
	go func() {
		err := h.NewGame(g)
		if err == nil {
			_, err = h.Play(context.Background(), g, nil, 0)
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "did not read its input within 200ms") {
			t.Errorf("deaf engine: %v", err)
		}
		if h.Err() == nil {
			t.Error("the host does not report its failure")
		}
	case <-time.After(10 * time.Second):
		h.Kill() // ends the blocked write
		t.Fatal("the host is still writing to an engine that does not read")
	}
	h.Kill()
}

// Load puts a process that played one game on another, history included.
func TestHostLoad(t *testing.T) {
	h, log := startFake(t, "calm", Options{Settle: time.Millisecond})
	v := brandubh(t)
	g := tafl.NewGame(v)
	if err := playOut(t, h, g, tafl.Attackers, 2); err != nil {
		t.Fatal(err)
	}
	other := tafl.NewGame(v)
	play := func(m string) {
		if _, err := other.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	play("d2-b2")
	play("d3-c3")
	play("b2-b1")
	if err := h.Load(other); err != nil {
		t.Fatal(err)
	}
	m, err := h.Play(context.Background(), other, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := other.Position().CheckMove(m); err != nil {
		t.Errorf("move %s after Load: %v", m, err)
	}
	h.Close()
	data, _ := os.ReadFile(log)
	want := fmt.Sprintf("finish 0\n%s\nopponent-move d2-b2|d3-c3|b2-b1 %s\nplay defenders\n", RulesLine(tafl.NewGame(v)), other.Position().Record())
	if !strings.Contains(string(data), want) {
		t.Errorf("engine input:\n%s\nwant:\n%s", data, want)
	}
}

// An engine's output line over MaxLine (1 MB) ended the session ("the
// engine exited"): it is skipped with a note in the transcript, and the
// game goes on; a move that never came in a line of its own times out,
// the failure saying that a line was skipped.
func TestHostEngineLineTooLong(t *testing.T) {
	v := brandubh(t)
	var tr strings.Builder
	h, _ := startFake(t, "long-line", Options{Settle: 500 * time.Millisecond, Transcript: &tr})
	g := tafl.NewGame(v)
	if err := playOut(t, h, g, tafl.Attackers, 4); err != nil {
		t.Fatalf("an engine with a long line: %v", err)
	}
	h.Close()
	note := fmt.Sprintf("< (a line of %d bytes, too long: ignored)\n", len("status ")+MaxLine)
	if n := strings.Count(tr.String(), note); n != 2 {
		t.Errorf("the transcript notes %d skipped lines, want 2 (%q):\n%.500s", n, note, tr.String())
	}

	h2, _ := startFake(t, "long-move", Options{Settle: time.Millisecond})
	g = tafl.NewGame(v)
	h2.NewGame(g)
	// The engine never sends a move: Play waits out the whole timeout,
	// which must leave the fake engine time to start and print its long
	// line and the host time to read it, on a loaded machine under the
	// race detector too (300 ms was too short there).
	_, err := h2.Play(context.Background(), g, nil, 3*time.Second)
	want := fmt.Sprintf(`no "move" from the engine within 3s; it printed a line of %d bytes, over 1 MB, which was skipped`, len("move ")+6*(MaxLine/6+1))
	if err == nil || err.Error() != want {
		t.Errorf("an over-long move: %v, want %q", err, want)
	}
}
