package otep

import (
	"bufio"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/taflbot/taflbot/tafl"
	"github.com/taflbot/taflbot/tafl/ai"
)

// quickAnalysis analyses to its own depth whatever time the host asks
// for: "analyze 1 600" is a host's right, and a fuzzer's input. Its
// table is the smallest, so that a search costs no 16 MB allocation.
type quickAnalysis struct{ *AI }

func (q quickAnalysis) Analyze(ctx context.Context, g *tafl.Game, _ time.Duration) (Result, error) {
	return q.AI.Analyze(ctx, g, 0)
}

// transcriptSides returns one side of each recorded OpenTafl session in
// testdata, the lines that start with prefix ("> " the host's, "< " the
// engine's) without it.
func transcriptSides(f *testing.F, prefix string) []string {
	files, err := filepath.Glob(filepath.Join("testdata", "*.otep"))
	if err != nil || len(files) == 0 {
		f.Fatalf("no transcripts in testdata: %v", err)
	}
	var sides []string
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		var side strings.Builder
		for _, l := range strings.Split(string(data), "\n") {
			if rest, ok := strings.CutPrefix(l, prefix); ok {
				side.WriteString(rest + "\n")
			}
		}
		sides = append(sides, side.String())
	}
	return sides
}

// FuzzEngineServe feeds the engine's command loop arbitrary host input,
// seeded with the host's side of the recorded OpenTafl sessions. Whatever
// arrives, Serve returns without panicking, and every line it writes is
// one of the protocol's engine commands; an error line carries a code the
// protocol knows.
func FuzzEngineServe(f *testing.F) {
	for _, host := range transcriptSides(f, "> ") {
		f.Add(host)
	}
	f.Add("rules dim:7 start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/\nposition /7/7/7/7/7/7/7/\nplay attackers\n")
	f.Add("clock -1 99999999999999999999 x\nopponent-move a1-a1 /\nanalyze 0 99\nerror 2 move\n")
	f.Fuzz(func(t *testing.T, in string) {
		if len(in) > 4096 {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		var out strings.Builder
		e := &Engine{Searcher: quickAnalysis{&AI{Limits: ai.Limits{Depth: 1, HashMB: 1}}}, waitClk: time.Millisecond}
		if err := e.Serve(ctx, strings.NewReader(in), &out); err != nil {
			t.Fatalf("Serve: %v", err)
		}
		if ctx.Err() != nil {
			t.Fatalf("Serve did not finish within 20 s on %q", in)
		}
		sc := bufio.NewScanner(strings.NewReader(out.String()))
		for sc.Scan() {
			cmd, arg, _ := strings.Cut(sc.Text(), " ")
			switch cmd {
			case "hello", "move", "status", "analysis":
			case "error":
				code, _, _ := strings.Cut(arg, " ")
				if n, err := strconv.Atoi(code); err != nil || (n != ErrCritical && n != ErrMinor) {
					t.Errorf("error line %q: code is not %d or %d", sc.Text(), ErrCritical, ErrMinor)
				}
			default:
				t.Errorf("engine wrote %q, not an engine command, for input %q", sc.Text(), in)
			}
		}
	})
}

// nopCloser is the engine's standard input for FuzzHostPlay: the host's
// lines go nowhere.
type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// FuzzHostPlay feeds the host arbitrary engine output, seeded with the
// engine's side of the recorded OpenTafl sessions, while it asks for a
// move in brandubh. Whatever the engine says, Play returns without
// panicking, and a move it accepts is legal.
func FuzzHostPlay(f *testing.F) {
	for _, engine := range transcriptSides(f, "< ") {
		f.Add(engine)
	}
	f.Add("move\nmove d4-d5\n")
	f.Add("simple-moves off\nrules\nposition\nclock\nside\nstatus x\nerror 3 x\nmove \t\n")
	f.Add("error -1\n")
	v, err := tafl.Preset("brandubh", "")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, out string) {
		if len(out) > 4096 {
			return
		}
		h := &Host{opt: Options{Timeout: time.Second, Settle: time.Nanosecond, Write: time.Second}, stdin: nopCloser{io.Discard}}
		h.lines = make(chan string, strings.Count(out, "\n")+1)
		for _, l := range strings.Split(out, "\n") {
			h.lines <- strings.TrimSpace(l)
		}
		close(h.lines) // then the engine "exits"
		g := tafl.NewGame(v)
		c := PerMoveClock(time.Second)
		if err := h.NewGame(g); err != nil {
			t.Fatal(err)
		}
		m, err := h.Play(context.Background(), g, &c, time.Second)
		if err == nil {
			if cerr := g.Position().CheckMove(m); cerr != nil {
				t.Errorf("accepted %s, not legal: %v (engine said %q)", m, cerr, out)
			}
		} else if h.Err() == nil && !errors.As(err, new(*IllegalMoveError)) {
			t.Errorf("Play failed with %v but the host is not broken (engine said %q)", err, out)
		}
	})
}
