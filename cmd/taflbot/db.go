package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

const dbUsage = `usage: taflbot db COMMAND [flags]

Commands:
  check   [-db FILE] [-rebuild-indexes]   verify the file, every record and every index
  backup  [-db FILE] -o FILE|-            write a consistent copy (- for standard output)
  compact [-db FILE] -o FILE              copy into a new, smaller file (FILE must not exist)
  export  [-db FILE] -o DIR|-             write every game as an OTN record (.otg)

Every command takes -config FILE (the database path is its "database") or
-db FILE (default taflbot.db). The file must not be in use: stop taflbot
first, or use the hot backups it writes into backup_dir while it runs.
To restore a backup, stop taflbot and copy the backup over the database file.`

// runDB runs "taflbot db …" with the arguments after "db".
func runDB(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "help" {
		fmt.Fprintln(stderr, dbUsage)
		if len(args) == 0 {
			return usageError{errors.New("taflbot db: name a command: check, backup, compact or export")}
		}
		return nil
	}
	cmd, args := args[0], args[1:]
	fs := flag.NewFlagSet("taflbot db "+cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	configPath := fs.String("config", "", "the JSON configuration file whose \"database\" to use")
	dbPath := fs.String("db", "", "the database file (default: the config's, else taflbot.db)")
	out := fs.String("o", "", "output file or folder (- for standard output)")
	rebuild := fs.Bool("rebuild-indexes", false, "check: rebuild the indexes from the records if they are wrong")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return usageError{err}
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Errorf("taflbot db %s: unexpected argument %q", cmd, fs.Arg(0))}
	}
	path := *dbPath
	if path == "" {
		cfg, err := loadConfig(*configPath, func(string) string { return "" })
		if err != nil {
			return err
		}
		path = cfg.Database
	}
	needOut := func() error {
		if *out == "" {
			return usageError{fmt.Errorf("taflbot db %s: say where to write with -o", cmd)}
		}
		return nil
	}
	switch cmd {
	case "check":
		return dbCheck(ctx, path, *rebuild, stdout)
	case "backup":
		if err := needOut(); err != nil {
			return err
		}
		return dbBackup(ctx, path, *out, stdout)
	case "compact":
		if err := needOut(); err != nil {
			return err
		}
		if *out == "-" {
			return usageError{errors.New("taflbot db compact: -o must be a new file")}
		}
		return dbCompact(path, *out, stdout)
	case "export":
		if err := needOut(); err != nil {
			return err
		}
		return dbExport(ctx, path, *out, stdout)
	}
	fmt.Fprintln(stderr, dbUsage)
	return usageError{fmt.Errorf("taflbot db: unknown command %q (check, backup, compact, export)", cmd)}
}

func dbCheck(ctx context.Context, path string, rebuild bool, stdout io.Writer) error {
	s, err := storage.Open(path, storage.Options{ReadOnly: !rebuild})
	if err != nil {
		return err
	}
	defer s.Close()
	rep, err := s.Check(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %d games (%d active), %d challenges, %d players, %d servers\n",
		path, rep.Games, rep.ActiveGames, rep.Challenges, rep.Players, rep.Guilds)
	for _, p := range rep.Problems {
		fmt.Fprintln(stdout, "problem:", p)
	}
	if rep.OK() {
		fmt.Fprintln(stdout, "ok")
		return nil
	}
	if rebuild && onlyIndexProblems(rep.Problems) {
		if err := s.RebuildIndexes(ctx); err != nil {
			return err
		}
		if rep, err = s.Check(ctx); err != nil {
			return err
		}
		if rep.OK() {
			fmt.Fprintln(stdout, "indexes rebuilt; ok")
			return nil
		}
	}
	hint := "restore a backup, or run with -rebuild-indexes if only indexes are wrong"
	return fmt.Errorf("%s: %d problems found: %s", path, len(rep.Problems), hint)
}

func onlyIndexProblems(problems []string) bool {
	for _, p := range problems {
		if !strings.HasPrefix(p, "index") {
			return false
		}
	}
	return true
}

func dbBackup(ctx context.Context, path, out string, stdout io.Writer) error {
	s, err := storage.Open(path, storage.Options{ReadOnly: true})
	if err != nil {
		return err
	}
	defer s.Close()
	if out == "-" {
		_, err := s.Backup(ctx, stdout)
		return err
	}
	if _, err := os.Stat(out); err == nil {
		return fmt.Errorf("taflbot db backup: %s already exists: choose a new file", out)
	}
	if err := s.BackupFile(ctx, out); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backed up %s to %s\n", path, out)
	return nil
}

func dbCompact(path, out string, stdout io.Writer) error {
	if err := storage.Compact(path, out, storage.Options{}); err != nil {
		return err
	}
	before, _ := os.Stat(path)
	after, _ := os.Stat(out)
	if before != nil && after != nil {
		fmt.Fprintf(stdout, "compacted %s (%d bytes) to %s (%d bytes)\n", path, before.Size(), out, after.Size())
	}
	return nil
}

// dbExport writes every game as an .otg record: into DIR/game-<id>.otg,
// or all to standard output separated by blank lines.
func dbExport(ctx context.Context, path, out string, stdout io.Writer) error {
	s, err := storage.Open(path, storage.Options{ReadOnly: true})
	if err != nil {
		return err
	}
	defer s.Close()
	if out != "-" {
		if err := os.MkdirAll(out, 0o755); err != nil {
			return err
		}
	}
	n := 0
	err = s.ForEachGame(ctx, func(g *storage.Game) error {
		text := tafl.EncodeGame(g.Tafl(), gameTags(g))
		n++
		if out == "-" {
			if n > 1 {
				text = "\n" + text
			}
			_, err := io.WriteString(stdout, text)
			return err
		}
		return os.WriteFile(filepath.Join(out, fmt.Sprintf("game-%d.otg", g.ID)), []byte(text), 0o644)
	})
	if err != nil {
		return err
	}
	if out != "-" {
		fmt.Fprintf(stdout, "exported %d games to %s\n", n, out)
	}
	return nil
}

// gameTags are the OTN header tags of an exported game.
func gameTags(g *storage.Game) []tafl.Tag {
	tags := []tafl.Tag{
		{Name: "event", Value: "taflbot game " + g.ID.String()},
		{Name: "site", Value: fmt.Sprintf("discord server %s channel %s", orNone(g.GuildID), orNone(g.ChannelID))},
		{Name: "date", Value: g.Created.UTC().Format("2006.01.02")},
		{Name: "attackers", Value: g.Attackers.String()},
		{Name: "defenders", Value: g.Defenders.String()},
	}
	if g.MoveTime > 0 {
		tags = append(tags, tafl.Tag{Name: "time-control", Value: g.MoveTime.String() + " per move"})
	}
	return tags
}

func orNone(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
