// Command tafl drives the taflbot rules engine from a shell: it lists the
// variants, the legal moves of a position, plays move lists, counts perft,
// draws boards and runs the engine. Other programs and tests rely on its
// output; the formats below are a contract.
//
// Usage:
//
//	tafl variants
//	tafl rules   [-variant NAME | -rules OTN] [-o DIR] [-theme light|dark] [-size N]
//	tafl moves   [position flags] [-json]
//	tafl play    [position flags] [-json] MOVE… | - | -otg FILE
//	tafl perft   [position flags] -depth N [-divide] [-json]
//	tafl render  [position flags] [-moves "…"] -o board.png [-theme light|dark] [-flip] [-size N] [-caption TEXT|auto]
//	tafl replay  [position flags] [-moves "…" | -otg FILE] -o game.gif [-theme …] [-flip] [-size N] [-delay D] [-final D]
//	tafl ai      [position flags] [-level L | -time D | -depth N] [-json]
//	tafl otep    (the OpenTafl Engine Protocol on stdin/stdout)
//	tafl match   (engine-vs-engine matches; tafl match -h)
//	tafl openings [position flags] [-count N] [-plies N] [-nodes N] … (balanced openings for tafl match -openings)
//	tafl balance DIR|FILE.otg …  (fit the evaluation's balance from game records)
//	tafl results [-draw REASON,…] DIR|FILE.otg …  (game records by player, side and how they ended)
//	tafl tune [-variant NAME] [-attackers] [-weights FILE] [-corpus FILE.csv] … [DIR|FILE.otg …]  (fit the evaluation's weights to game results)
//	tafl analyse [-otg FILE | position flags -moves "…"] [-nodes N] [-graph F.png] [-board F.png] [-text F] [-json]
//	tafl curve   [-nodes N] [-every K] [-scale S] DIR|FILE.otg …  (fit the review's score→chance curve)
//	tafl puzzles [-corpus FILE] [-selfplay N] [flags] [DIR|FILE.otg …] | -verify FILE  (mine or verify puzzles)
//
// Position flags, common to every command that takes a position:
//
//	-variant NAME      a preset (default copenhagen; `tafl variants` lists them), or NAME/LAYOUT;
//	                   also its title ("Ard Ri") or a layout only one preset has ("bell")
//	-layout NAME       the start layout, for variants that have several (tawlbwrdd)
//	-rules "OTN"       a custom variant from an OpenTafl rules string (overrides -variant)
//	-position RECORD   start from this OTN position record instead of the start position
//	-side SIDE         the side to move in -position: attackers or defenders
//
// `tafl moves` prints the legal moves of the side to move, one per line in
// simple form, sorted by the from-square's file, then its rank as a number
// (a2-a3 before a10-a9), then the to-square's; with -json, {"moves":["a4-a1",…]}. A finished game
// has none: it says so with the status and reason ("the game is over
// (defenders-won, king-escaped)" on stderr; with -json {"moves":[],
// "status":"defenders-won","reason":"king-escaped"}) and exits 1.
//
// `tafl play` plays the moves in order (from the arguments, or whitespace-
// separated from standard input when the only argument is "-", turn numbers
// such as "1." left out), or a game record: -otg FILE (- for standard
// input), or standard input read with "-" whose first line is a tag
// ("[variant:brandubh]"); the record gives the variant, start, moves and
// result, so the position flags do not go with it. Standard input that is
// neither is refused with exit status 1. With -json
// it prints one object: variant, moves (move, full OTN notation, captures,
// announce), the final position record, to_move, status, reason and error.
// An illegal move of a list (or one after the end) stops the replay with exit
// status 1 and error {"index":i,"move":…,"reason":…}; everything before it is
// reported. One in a record makes the record unreadable: exit status 1 and
// the line and move on standard error, as analyse and replay say it.
//
// `tafl perft` prints the number of leaves of the legal-move tree of the
// given depth ({"depth":N,"nodes":…} with -json); -divide prints the count
// under each first move.
//
// Flags go before the other arguments (moves, records): a command's flag
// after them is a usage error, since it would be read as one of them.
//
// Help asked for (tafl help, tafl -h, tafl help COMMAND, tafl COMMAND -h)
// goes to standard output with exit status 0; a usage error (tafl alone,
// an unknown command or flag) goes to standard error with exit status 2.
//
// Exit status: 0 success, 1 failure (such as an illegal move), 2 usage error.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// env is what a subcommand may use: its arguments and the standard streams.
type env struct {
	args   []string
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// command is one subcommand of tafl.
type command struct {
	summary string
	run     func(e env) error
}

// commands is the subcommand table. Each subcommand lives in its own file.
var commands = map[string]command{
	"variants": {"list the preset variants", runVariants},
	"rules":    {"print a variant's rules page and draw its examples", runRules},
	"moves":    {"list the legal moves of a position", runMoves},
	"play":     {"play a list of moves or a game record and report the result", runPlay},
	"perft":    {"count the leaves of the legal-move tree", runPerft},
	"render":   {"draw a position as a PNG picture", runRender},
	"replay":   {"draw a game as an animated GIF", runReplay},
	"ai":       {"search a position and print the engine's move", runAI},
	"otep":     {"speak the OpenTafl Engine Protocol on stdin/stdout", runOTEP},
	"match":    {"play engine-vs-engine matches", runMatch},
	"openings": {"write balanced openings for tafl match -openings", runOpenings},
	"balance":  {"fit the evaluation's balance from game records", runBalance},
	"results":  {"tabulate game records by player, side and how they ended", runResults},
	"tune":     {"fit the evaluation's weights to game results", runTune},
	"puzzles":  {"mine and verify puzzles (forced wins) from games", runPuzzles},
	"analyse":  {"review a game: win chances, turning points, better moves", runAnalyse},
	"curve":    {"fit the review's score-to-chance curve from game records", runCurve},
}

// usageError is a mistake in the command line: exit status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// exitError carries an exit status for a failure whose output was already printed.
type exitError struct{ code int }

func (e *exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs tafl with the given arguments and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 2 && args[0] == "help" && args[1] == "help" {
		args = args[:1]
	}
	if len(args) > 1 && args[0] == "help" {
		// tafl help COMMAND is tafl COMMAND -h (it printed the list of
		// commands, whatever COMMAND was).
		if _, ok := commands[args[1]]; !ok || len(args) > 2 {
			fmt.Fprintf(stderr, "tafl help: unknown command %q\n", strings.Join(args[1:], " "))
			printUsage(stderr)
			return 2
		}
		args = []string{args[1], "-h"}
	}
	if len(args) == 0 {
		printUsage(stderr) // a usage error: no command
		return 2
	}
	if args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		printUsage(stdout) // help asked for
		return 0
	}
	cmd, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "tafl: unknown command %q\n", args[0])
		printUsage(stderr)
		return 2
	}
	err := cmd.run(env{args: args[1:], stdin: stdin, stdout: stdout, stderr: stderr})
	var ue *usageError
	var xe *exitError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "tafl %s: %s\n", args[0], message(ue.msg))
		return 2
	case errors.As(err, &xe):
		return xe.code
	default:
		fmt.Fprintf(stderr, "tafl %s: %s\n", args[0], errorText(err))
		return 1
	}
}

// message is an error's text after "tafl COMMAND: ", without the
// package prefix at its start that would say tafl or the command again
// ("tafl moves: tafl: unknown variant", "tafl ai: ai: unknown level",
// "tafl puzzles: puzzle: invalid", "tafl rules: render: unknown theme").
// Only the start is trimmed: further on, a word before a colon may be a
// file's name (a record named "results"); errors about a file drop the
// prefix where the path is added (inFile).
func message(msg string) string {
	for trimmed := true; trimmed; {
		trimmed = false
		for _, p := range pkgPrefixes {
			if rest, ok := strings.CutPrefix(msg, p); ok {
				msg, trimmed = rest, true
			}
		}
	}
	return msg
}

// pkgPrefixes are the prefixes of the packages' errors that a tafl
// command's message need not repeat.
var pkgPrefixes = []string{"tafl: ", "ai: ", "puzzle: ", "analysis: ", "match: ", "render: ", "corpus: "}

// fileError is an error about a file: its path, then the error without
// its package's prefix ("FILE: bad game: …", not "FILE: tafl: bad game:
// …"); errors.Is and errors.As see the error itself.
type fileError struct {
	path string
	err  error
}

func (e *fileError) Error() string { return e.path + ": " + message(e.err.Error()) }
func (e *fileError) Unwrap() error { return e.err }

// errorText is err's message for "tafl COMMAND: …": message, unless it
// starts with a file's path (a file may be named "tafl").
func errorText(err error) string {
	var fe *fileError
	if errors.As(err, &fe) && strings.HasPrefix(err.Error(), fe.path+": ") {
		return err.Error()
	}
	return message(err.Error())
}

// inFile says err was met in the file at path; an error of the file
// system that names the path already ("read DIR: is a directory") is
// left as it is.
func inFile(path string, err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) && pe.Path == path {
		return err
	}
	return &fileError{path, err}
}

// plural is n and the noun in the form n takes: "1 puzzle", "2 puzzles",
// "0 plies" (a message's "%d puzzles" read "1 puzzles").
func plural(n int, one, other string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, other)
}

func printUsage(w io.Writer) {
	fmt.Fprintln(w, "usage: tafl COMMAND [flags]   (tafl COMMAND -h or tafl help COMMAND for its flags)")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-9s %s\n", n, commands[n].summary)
	}
}

// newFlags returns a flag set for a subcommand that reports errors instead
// of exiting. Its usage goes to e.stdout when asked for (-h, -help, tafl
// help COMMAND: exit status 0) and to e.stderr after a mistake in the
// flags (exit status 2): parseFlags holds what the flag package prints
// until it knows which.
func newFlags(e env, name, args string) *flag.FlagSet {
	fs := flag.NewFlagSet("tafl "+name, flag.ContinueOnError)
	fs.SetOutput(&flagOutput{stdout: e.stdout, stderr: e.stderr})
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: tafl %s %s\n", name, args)
		fs.PrintDefaults()
	}
	return fs
}

// flagOutput is a flag set's output: what the flag package prints while
// parsing is held, then goes to stdout for help asked for or to stderr
// (flush); anything printed at another time goes to stderr.
type flagOutput struct {
	stdout, stderr io.Writer
	held           *bytes.Buffer // while parsing
}

func (o *flagOutput) Write(p []byte) (int, error) {
	if o.held != nil {
		return o.held.Write(p)
	}
	return o.stderr.Write(p)
}

// flush writes what was held while parsing: to stdout when err is
// flag.ErrHelp, else to stderr.
func (o *flagOutput) flush(err error) {
	held := o.held
	o.held = nil
	if held == nil || held.Len() == 0 {
		return
	}
	w := o.stderr
	if errors.Is(err, flag.ErrHelp) {
		w = o.stdout
	}
	w.Write(held.Bytes())
}

// parseFlags parses args, turning flag errors into usage errors. Flags
// are read only up to the first other argument, so a flag of the command
// after it (tafl results DIR -draw repetition) would be taken for a file
// or a move ("stat -draw: no such file or directory"): it is refused,
// saying to put the flags first. After "--" nothing is a flag.
func parseFlags(fs *flag.FlagSet, args []string) error {
	out, _ := fs.Output().(*flagOutput)
	if out != nil {
		out.held = new(bytes.Buffer)
	}
	err := fs.Parse(args)
	if out != nil {
		out.flush(err)
	}
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return &usageError{msg: err.Error()}
	}
	rest := fs.Args()
	if n := len(args) - len(rest); n > 0 && args[n-1] == "--" {
		return nil
	}
	for _, a := range rest {
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name == "" {
			continue
		}
		if fs.Lookup(name) != nil || name == "h" || name == "help" {
			return &usageError{msg: fmt.Sprintf("%s comes after %q, where flags are no longer read: put the flags before the other arguments", a, rest[0])}
		}
	}
	return nil
}
