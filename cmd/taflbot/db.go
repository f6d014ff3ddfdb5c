package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/taflbot/taflbot/bot"
	"github.com/taflbot/taflbot/storage"
	"github.com/taflbot/taflbot/tafl"
)

const dbUsage = `usage: taflbot db COMMAND [flags]   (taflbot db help COMMAND for its flags)

Commands:
  check   [-db DB] [-rebuild-indexes]   verify the database, every record and every index
  migrate [-db DB]                      bring a PostgreSQL schema up to date (start-up does it too)
  copy    -from DB -to DB               copy everything into a new, empty database (or one a taflbot
                                        only started on), then check both
  backup  [-db FILE] -o FILE|-          write a consistent copy of a bbolt file (- for standard output)
  compact [-db FILE] -o FILE            copy a bbolt file into a new, smaller file (FILE must not exist)
  export  [-db DB] -o DIR|-             write every game as an OTN record (.otg)
  puzzles [-db DB] [-max-moves N] [-budget N]
                                        mine every finished game for puzzles (forced wins) of its server

DB is a bbolt file or a postgres://user:password@host/dbname URL. Every
command takes -db DB; without it, the database is the TAFLBOT_DATABASE
environment variable's, else the "database" of -config FILE, else
taflbot.db. A bbolt file must not be in use: stop taflbot first, or use
the hot backups it writes into backup_dir while it runs. To restore a backup, stop taflbot
and copy the backup over the database file. Back up PostgreSQL with
pg_dump (see docs/SCALING.md).

  taflbot db copy -from taflbot.db -to postgres://taflbot@db.example/taflbot
moves a bot from bbolt to PostgreSQL (and -from URL -to FILE back); stop
the bot first. It prints both sides' checks: equal counts and digests
mean equal data.`

// runDB runs "taflbot db …" with the arguments after "db".
func runDB(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) error {
	if len(args) == 0 {
		fmt.Fprintln(stderr, dbUsage) // a usage error: no command
		return usageError{errors.New("taflbot db: name a command: check, migrate, copy, backup, compact, export or puzzles")}
	}
	commands := map[string]string{"check": "", "migrate": "", "copy": "", "puzzles": "",
		"backup": "the backup file (- for standard output)", "compact": "the new, smaller file (it must not exist)",
		"export": "the folder to write the records into (- for standard output)"} // each command's -o
	if len(args) == 2 && args[0] == "help" && args[1] == "help" {
		args = args[:1]
	}
	if len(args) > 1 && args[0] == "help" {
		// taflbot db help COMMAND is taflbot db COMMAND -h, as with tafl.
		if _, ok := commands[args[1]]; !ok || len(args) > 2 {
			fmt.Fprintln(stderr, dbUsage)
			return usageError{fmt.Errorf("taflbot db help: unknown command %q (check, migrate, copy, backup, compact, export or puzzles)", strings.Join(args[1:], " "))}
		}
		args = []string{args[1], "-h"}
	}
	if args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprintln(stdout, dbUsage) // help asked for
		return nil
	}
	cmd, args := args[0], args[1:]
	outHelp, known := commands[cmd]
	if !known && strings.HasPrefix(cmd, "-") {
		// A flag before the command: say how to write it.
		for i, a := range args {
			if _, ok := commands[a]; ok {
				line := append(append([]string{"taflbot", "db", a}, append([]string{cmd}, args[:i]...)...), args[i+1:]...)
				return usageError{fmt.Errorf("taflbot db: the command comes first, then its flags: %s", strings.Join(line, " "))}
			}
		}
	}
	if !known {
		fmt.Fprintln(stderr, dbUsage)
		return usageError{fmt.Errorf("taflbot db: unknown command %q (check, migrate, copy, backup, compact, export or puzzles)", cmd)}
	}
	// Each command has only its own flags, so that its -h lists those and
	// a flag of another command is refused rather than ignored.
	fs := flag.NewFlagSet("taflbot db "+cmd, flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: taflbot db %s [flags]   (taflbot db -h lists the commands)\n", cmd)
		fs.PrintDefaults()
	}
	configPath := fs.String("config", "", "the JSON configuration file whose \"database\" to use")
	dbPath := fs.String("db", "", "the database file or postgres:// URL (default: the TAFLBOT_DATABASE environment variable, else the config's \"database\", else taflbot.db)")
	var from, to, out string
	var rebuild bool
	maxMoves, budget := 3, int64(2_000_000)
	switch cmd {
	case "check":
		fs.BoolVar(&rebuild, "rebuild-indexes", false, "rebuild the indexes from the records if they are wrong")
	case "copy":
		fs.StringVar(&from, "from", "", "the database to copy from (default: the one of -db or -config)")
		fs.StringVar(&to, "to", "", "the new database to copy into")
	case "backup", "compact", "export":
		fs.StringVar(&out, "o", "", outHelp)
	case "puzzles":
		fs.IntVar(&maxMoves, "max-moves", maxMoves, "the longest win looked for, in the winner's moves (1 to 5)")
		fs.Int64Var(&budget, "budget", budget, "positions each exhaustive search may visit")
	}
	if err := parseFlags(fs, args, stdout, stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	if fs.NArg() > 0 {
		fix := fmt.Sprintf("taflbot db %s -h lists its flags", cmd)
		switch {
		case cmd == "copy":
			fix = "give the databases with -from DB and -to DB"
		case *dbPath == "" && *configPath == "":
			fix = fmt.Sprintf("name the database with -db %s (or -config FILE)", fs.Arg(0))
		}
		return usageError{fmt.Errorf("taflbot db %s: unexpected argument %q: %s", cmd, fs.Arg(0), fix)}
	}
	path := *dbPath
	if path == "" {
		cfg, err := loadConfig(*configPath, getenv)
		if err != nil {
			return err
		}
		path = cfg.Database
	}
	warned := map[string]bool{}
	for _, db := range []string{path, from, to} {
		if !warned[db] {
			warned[db] = true
			for _, w := range storage.URLWarnings(db) {
				fmt.Fprintln(stderr, "taflbot db: warning: "+w)
			}
		}
	}
	needOut := func() error {
		if out == "" {
			return usageError{fmt.Errorf("taflbot db %s: say where to write with -o", cmd)}
		}
		return nil
	}
	switch cmd {
	case "check":
		return dbCheck(ctx, path, rebuild, stdout)
	case "migrate":
		return dbMigrate(ctx, path, stdout)
	case "copy":
		if from == "" {
			from = path // -db, or -config's database, as the other commands read it
		}
		if from == "" || to == "" {
			return usageError{errors.New("taflbot db copy: give -to DB (and -from DB, or -db or -config for the database to copy)")}
		}
		return dbCopy(ctx, from, to, stdout)
	case "backup":
		if err := needOut(); err != nil {
			return err
		}
		return dbBackup(ctx, path, out, stdout)
	case "compact":
		if err := needOut(); err != nil {
			return err
		}
		if out == "-" {
			return usageError{errors.New("taflbot db compact: -o must be a new file")}
		}
		return dbCompact(path, out, stdout)
	case "export":
		if err := needOut(); err != nil {
			return err
		}
		return dbExport(ctx, path, out, stdout, stderr)
	case "puzzles":
		if maxMoves < 1 || maxMoves > 5 || budget < 1 {
			return usageError{errors.New("taflbot db puzzles: -max-moves is 1 to 5 and -budget positive")}
		}
		return dbPuzzles(ctx, path, maxMoves, budget, stdout, stderr)
	}
	return nil // not reached: every known command returns in its case
}

// openExisting opens a database for a db command. A bbolt file must
// exist already: storage.Open creates a missing one, and a mistyped -db
// would otherwise give a new, empty database (and "ok").
func openExisting(path string, opts storage.Options) (*storage.Store, error) {
	if err := needFile(path); err != nil {
		return nil, err
	}
	return storage.Open(path, opts)
}

// needFile refuses a bbolt path with no file, saying how to name the right one.
func needFile(path string) error {
	if storage.IsPostgres(path) || storage.IsKeywordConnString(path) { // Open says what is wrong with the latter
		return nil
	}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("taflbot db: there is no database file %s: give its path with -db FILE, or -config FILE to use the configuration's \"database\" (db commands never create one)", path)
	}
	return nil
}

// dbCheck checks the database read-only; with rebuild, and index problems
// alone, it then opens it for writing (which migrates a file of an older
// schema, after its .bak copy) and rebuilds them. A database with nothing
// to mend is left as it is, also with rebuild: its schema stays the one an
// older taflbot may still need.
func dbCheck(ctx context.Context, path string, rebuild bool, stdout io.Writer) error {
	s, err := openExisting(path, storage.Options{ReadOnly: true, AllowDamaged: true, NoCreate: true})
	if err != nil {
		return err
	}
	defer func() { s.Close() }()
	rep, err := s.Check(ctx)
	if err != nil {
		return err
	}
	printCheck(stdout, s, rep)
	if rep.OK() {
		fmt.Fprintln(stdout, "ok")
		return nil
	}
	if rebuild && onlyIndexProblems(rep.Problems) {
		if err := s.Close(); err != nil {
			return err
		}
		if s, err = openExisting(path, storage.Options{AllowDamaged: true, NoCreate: true}); err != nil {
			return err
		}
		if from, copy := s.Migrated(); from != 0 {
			fmt.Fprintf(stdout, "migrating %s from schema version %d to %d to rebuild its indexes (the file as it was: %s)\n", path, from, storage.SchemaVersion, copy)
		}
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
	return fmt.Errorf("%s: %s found: %s", s.Path(), count(len(rep.Problems), "problem", "problems"), hint)
}

// printCheck prints a check report: the counts, the digest, the problems.
// A report without a digest is one whose check stopped at the file or
// schema (damaged pages, a missing bucket or table): its records were not
// read, and their counts (zero) are not printed as if the database were
// empty.
func printCheck(w io.Writer, s *storage.Store, rep *storage.CheckReport) {
	if rep.Digest == "" && !rep.OK() {
		fmt.Fprintf(w, "%s: records not read: the check of the database file and schema failed first\n", s.Path())
	} else {
		fmt.Fprintf(w, "%s: %s (%d active), %s\n", s.Path(), count(rep.Games, "game", "games"), rep.ActiveGames,
			counts(rep.Challenges, rep.Players, rep.Guilds, rep.Analyses, rep.Puzzles, rep.Tournaments))
	}
	if rep.Digest != "" {
		fmt.Fprintf(w, "digest %s\n", rep.Digest)
	}
	for _, n := range rep.Notes {
		fmt.Fprintln(w, "note:", n)
	}
	for _, p := range rep.Problems {
		fmt.Fprintln(w, "problem:", p)
	}
}

// dbMigrate applies the pending PostgreSQL migrations.
func dbMigrate(ctx context.Context, path string, stdout io.Writer) error {
	if !storage.IsPostgres(path) {
		return fmt.Errorf("taflbot db migrate: %s is a bbolt file: it is migrated when taflbot opens it (after a copy to %s.schema<N>.bak)", path, path)
	}
	from, to, err := storage.Migrate(ctx, path)
	if err != nil {
		return err
	}
	if from == to {
		fmt.Fprintf(stdout, "schema version %d: up to date\n", to)
	} else {
		fmt.Fprintf(stdout, "schema migrated from version %d to %d\n", from, to)
	}
	return nil
}

// dbCopy checks a database, copies everything from it into a new, empty
// one and checks that: the same counts and digest on both sides, or an
// error.
func dbCopy(ctx context.Context, from, to string, stdout io.Writer) error {
	if from == to || sameFile(from, to) {
		return usageError{errors.New("taflbot db copy: -from and -to are the same database")}
	}
	// A destination that holds data is refused first: that needs nothing
	// of the source, whose whole check would be printed for nothing.
	copyInto := copyIntoFile
	if storage.IsPostgres(to) {
		copyInto = copyIntoDatabase
	}
	if err := copyInto(ctx, to); err != nil {
		return err
	}
	src, err := openExisting(from, storage.Options{ReadOnly: true})
	if err != nil {
		return err
	}
	defer src.Close()
	// Then the source is checked: a damaged one is repaired or restored
	// before anything is written, rather than copied and then reported.
	a, err := src.Check(ctx)
	if err != nil {
		return err
	}
	printCheck(stdout, src, a)
	if !a.OK() {
		return fmt.Errorf("taflbot db copy: %s: %s found (see above), so nothing was copied: run taflbot db check -rebuild-indexes -db %s if only indexes are wrong, else restore a backup, then copy",
			src.Path(), count(len(a.Problems), "problem", "problems"), src.Path())
	}
	dst, err := storage.Open(to, storage.Options{})
	if err != nil {
		return err
	}
	defer dst.Close()
	n, err := storage.Copy(ctx, dst, src)
	if err != nil {
		return err
	}
	if n.StarterReplaced > 0 {
		fmt.Fprintf(stdout, "%s held nothing but the %s a taflbot stores when it first starts: replaced by the copy's\n",
			dst.Path(), count(n.StarterReplaced, "starter puzzle", "starter puzzles"))
	}
	fmt.Fprintf(stdout, "copied %s, %s from %s to %s\n", count(n.Games, "game", "games"),
		counts(n.Challenges, n.Players, n.Guilds, n.Analyses, n.Puzzles, n.Tournaments), src.Path(), dst.Path())
	b, err := dst.Check(ctx)
	if err != nil {
		return err
	}
	printCheck(stdout, dst, b)
	if !b.OK() {
		return fmt.Errorf("taflbot db copy: %s: %s found after the copy; do not use it", dst.Path(), count(len(b.Problems), "problem", "problems"))
	}
	if a.Games != b.Games || a.ActiveGames != b.ActiveGames || a.Challenges != b.Challenges || a.Players != b.Players || a.Guilds != b.Guilds ||
		a.Analyses != b.Analyses || a.Puzzles != b.Puzzles || a.Tournaments != b.Tournaments || a.Digest != b.Digest {
		return fmt.Errorf("taflbot db copy: the two sides differ after the copy (see above; was the source written to meanwhile?); do not use %s", dst.Path())
	}
	fmt.Fprintln(stdout, "ok: both sides hold the same data")
	return nil
}

// sameFile reports whether two paths name one existing file (taflbot.db
// and ./taflbot.db): a copy onto itself, refused at once rather than
// found locked by the copy's own read.
func sameFile(a, b string) bool {
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}

// copyIntoFile refuses an existing bbolt file as a copy's destination
// unless storage.Copy would take it (a taflbot started on it once:
// nothing but the starter puzzles). It looks with the file opened
// read-only, so that a file with data (-from and -to swapped, say) is
// left as it was, not even migrated to this taflbot's schema.
func copyIntoFile(ctx context.Context, to string) error {
	if _, err := os.Stat(to); err != nil {
		return nil // a new file (or one Open reports on)
	}
	dst, err := storage.Open(to, storage.Options{ReadOnly: true})
	if err != nil {
		return fmt.Errorf("taflbot db copy: %s already exists and is not a taflbot database to copy into (%w): copy into a new file", to, err)
	}
	defer dst.Close()
	if err := storage.CanCopyInto(ctx, dst); err != nil {
		return fmt.Errorf("taflbot db copy: %s already exists and holds data: copy into a new file", to)
	}
	return nil
}

// copyIntoDatabase refuses a PostgreSQL database as a copy's destination
// unless storage.Copy would take it, looking with the database opened
// read-only, so that a refused one is left as it was: not even migrated
// to this taflbot's schema, which would keep the older taflbot running
// on it from starting again. One with an older schema is refused (after
// taflbot db migrate, a copy into it goes ahead if it is empty); one
// without taflbot's tables gets them from the copy.
func copyIntoDatabase(ctx context.Context, to string) error {
	dst, err := storage.Open(to, storage.Options{ReadOnly: true})
	if errors.Is(err, storage.ErrNoSchema) {
		return nil
	}
	if err == nil {
		err = storage.CanCopyInto(ctx, dst)
		dst.Close()
	}
	if err != nil {
		return fmt.Errorf("taflbot db copy: %w; nothing was copied, and the destination was left as it was", err)
	}
	return nil
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
	if storage.IsPostgres(path) {
		return errors.New("taflbot db backup: back up PostgreSQL with pg_dump, for example pg_dump -Fc -f taflbot.dump DBNAME (see docs/SCALING.md)")
	}
	s, err := openExisting(path, storage.Options{ReadOnly: true})
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
	if storage.IsPostgres(path) {
		return errors.New("taflbot db compact: PostgreSQL reclaims space itself (autovacuum); compact is for bbolt files")
	}
	if err := needFile(path); err != nil {
		return err
	}
	if _, err := os.Stat(out); err == nil { // as backup says it
		return fmt.Errorf("taflbot db compact: %s already exists: choose a new file", out)
	}
	if err := storage.Compact(path, out, storage.Options{}); err != nil {
		return err
	}
	before, _ := os.Stat(path)
	after, _ := os.Stat(out)
	if before != nil && after != nil {
		fmt.Fprintf(stdout, "compacted %s (%d bytes) to %s (%d bytes)", path, before.Size(), out, after.Size())
		if after.Size() >= before.Size() {
			// bbolt grows a file in steps (doubling up to 1 GiB), so a
			// file with little or no free space (a backup has none) gives
			// a copy no smaller, or even larger.
			fmt.Fprintf(stdout, ": %s was already compact (too little free space to leave out; bbolt rounds a file's size up to its next step), so the copy is no smaller and there is no need to use it", path)
		}
		fmt.Fprintln(stdout)
	}
	return nil
}

// dbExport writes every game as an .otg record: into DIR/game-<id>.otg,
// or all to standard output separated by blank lines.
func dbExport(ctx context.Context, path, out string, stdout, stderr io.Writer) error {
	s, err := openExisting(path, storage.Options{ReadOnly: true})
	if err != nil {
		return err
	}
	defer s.Close()
	if out != "-" {
		if fi, err := os.Stat(out); err == nil && !fi.IsDir() {
			return fmt.Errorf("taflbot db export: %s is a file: -o names a folder for the game records (it is created when missing), or - for standard output", out)
		}
		if err := os.MkdirAll(out, 0o700); err != nil {
			return err
		}
	}
	// The games' tournaments (for the records' event and round tags) are
	// looked up between two reads of the games, never inside one: a
	// lookup inside the read needs a second connection, which a
	// PostgreSQL pool of one (pool_max_conns=1) never gives.
	// A game whose record cannot be read is skipped (and reported), not
	// the end of the export.
	tournaments := map[storage.TournamentID]*storage.Tournament{}
	var skipped []storage.GameID
	err = s.ForEachGame(ctx, func(g *storage.Game) error {
		if g.TournamentID != 0 {
			tournaments[g.TournamentID] = nil
		}
		return nil
	}, func(id storage.GameID, err error) error {
		skipped = append(skipped, id)
		fmt.Fprintf(stderr, "taflbot db export: skipped game %d: %v\n", id, err)
		return nil
	})
	if err != nil {
		return err
	}
	for id := range tournaments {
		// A tournament that is gone leaves the record "taflbot game N".
		t, err := s.GetTournament(ctx, id)
		if err != nil && !errors.Is(err, storage.ErrNotFound) {
			return fmt.Errorf("tournament %d: %w", id, err)
		}
		tournaments[id] = t
	}
	n := 0
	err = s.ForEachGame(ctx, func(g *storage.Game) error {
		// A game added to a tournament since the first read gets the
		// plain tags.
		text := tafl.EncodeGame(g.Tafl(), bot.GameTags(g, tournaments[g.TournamentID]))
		n++
		if out == "-" {
			if n > 1 {
				text = "\n" + text
			}
			_, err := io.WriteString(stdout, text)
			return err
		}
		// Records name players and servers: readable by the owner only.
		return os.WriteFile(filepath.Join(out, fmt.Sprintf("game-%d.otg", g.ID)), []byte(text), 0o600)
	}, func(storage.GameID, error) error { return nil }) // reported by the first read
	if err != nil {
		return err
	}
	if out != "-" {
		fmt.Fprintf(stdout, "exported %s to %s\n", count(n, "game", "games"), out)
	}
	return skippedError("export", s.Path(), skipped)
}

// skippedError reports the games a db command skipped because their
// records could not be read (nil when none was): which, and what to do.
func skippedError(cmd, path string, ids []storage.GameID) error {
	if len(ids) == 0 {
		return nil
	}
	list := make([]string, len(ids))
	for i, id := range ids {
		list[i] = fmt.Sprint(id)
	}
	if len(list) > 20 {
		list = append(list[:20], "…")
	}
	which := "1 game whose record could not be read (game " + list[0]
	if len(ids) > 1 {
		which = fmt.Sprintf("%d games whose records could not be read (games %s", len(ids), strings.Join(list, ", "))
	}
	return fmt.Errorf("taflbot db %s: skipped %s; see above), and did the others: run taflbot db check -db %s to list every problem, then restore a backup that passes it (docs/OPERATIONS.md)",
		cmd, which, path)
}

// dbPuzzles mines a database's finished games for puzzles (see
// bot.MineDatabase).
func dbPuzzles(ctx context.Context, path string, maxMoves int, budget int64, stdout, stderr io.Writer) error {
	st, err := openExisting(path, storage.Options{NoCreate: true})
	if err != nil {
		return err
	}
	defer st.Close()
	if from, copy := st.Migrated(); from != 0 {
		fmt.Fprintf(stdout, "migrating %s from schema version %d to %d to store its puzzles (the file as it was: %s)\n", path, from, storage.SchemaVersion, copy)
	}
	rep, err := bot.MineDatabase(ctx, st, maxMoves, budget, nil)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s: %s, %d won; %s found, %d new\n", st.Path(), count(rep.Games, "game", "games"), rep.Won, count(rep.Found, "puzzle", "puzzles"), rep.Added)
	var skipped []storage.GameID
	for _, d := range rep.Damaged {
		skipped = append(skipped, d.ID)
		fmt.Fprintf(stderr, "taflbot db puzzles: skipped game %d: %v\n", d.ID, d.Err)
	}
	return skippedError("puzzles", st.Path(), skipped)
}

// count writes n with the noun's singular or plural: "1 game", "3 games".
func count(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}

// counts writes the counts of a database's records other than games, in
// the order of a check report.
func counts(challenges, players, servers, reviews, puzzles, tournaments int) string {
	return strings.Join([]string{
		count(challenges, "challenge", "challenges"),
		count(players, "player", "players"),
		count(servers, "server", "servers"),
		count(reviews, "game review", "game reviews"),
		count(puzzles, "puzzle", "puzzles"),
		count(tournaments, "tournament", "tournaments"),
	}, ", ")
}
