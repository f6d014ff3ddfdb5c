package storage_test

import (
	"encoding/binary"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/taflbot/taflbot/internal/pgtest"
	"github.com/taflbot/taflbot/storage"
	bolt "go.etcd.io/bbolt"
)

// The contract tests: every promise the Store makes, checked against each
// backend with the same test. Each test is a function taking the backend;
// contractTests lists them and TestContract runs them on bbolt and, when
// TAFLBOT_TEST_POSTGRES names a server, on PostgreSQL (see
// internal/pgtest). A new promise gets a new entry here.
var contractTests = []struct {
	name string
	fn   func(t *testing.T, b testBackend)
}{
	{"GameRoundTrip", testGameRoundTrip},
	{"GameAutomaticFields", testGameAutomaticFields},
	{"EngineHasNoClock", testEngineHasNoClock},
	{"UpdateGameRejects", testUpdateGameRejects},
	{"NotFound", testNotFound},
	{"Indexes", testIndexes},
	{"ExpireAndRemindExactlyOnce", testExpireAndRemindExactlyOnce},
	{"CustomGame", testCustomGame},
	{"ActiveIndexReadsOnlyActive", testActiveIndexReadsOnlyActive},
	{"ActiveGameCount", testActiveGameCount},
	{"GameSeats", testGameSeats},
	{"ConcurrentMoves", testConcurrentMoves},
	{"RatingsOnFinish", testRatingsOnFinish},
	{"RatingGrowsWhileIdle", testRatingGrowsWhileIdle},
	{"PlayerRoundTrip", testPlayerRoundTrip},
	{"GuildSettings", testGuildSettings},
	{"Challenges", testChallenges},
	{"ExpireChallenges", testExpireChallenges},
	{"CreateChallengeIf", testCreateChallengeIf},
	{"PlayerChallenges", testPlayerChallenges},
	{"ReopenKeepsEverything", testReopenKeepsEverything},
	{"ListedGamesMatchLoaded", testListedGamesMatchLoaded},
	{"UndecodableRecord", testUndecodableRecord},
	{"CheckFindsAndRebuildsIndexes", testCheckFindsAndRebuildsIndexes},
	{"BadIDs", testBadIDs},
	{"Analyses", testAnalyses},
	{"Puzzles", testPuzzles},
	{"PuzzleAttempts", testPuzzleAttempts},
	{"ConcurrentPuzzleAttempts", testConcurrentPuzzleAttempts},
	{"PuzzleUnderWay", testPuzzleUnderWay},
	{"DailyPuzzle", testDailyPuzzle},
	{"Hints", testHints},
	{"GamesToMine", testGamesToMine},
	{"BoardsDue", testBoardsDue},
	{"FinishedGamesInChannel", testFinishedGamesInChannel},
	{"EngineClaims", testEngineClaims},
	{"EngineClaimPerUser", testEngineClaimPerUser},
	{"EngineClaimRace", testEngineClaimRace},
	{"WatchEngine", testWatchEngine},
	{"EngineGameLimits", testEngineGameLimits},
	{"ActiveEngineGames", testActiveEngineGames},
	{"MoveAfterDeadlineEndsOnTime", testMoveAfterDeadlineEndsOnTime},
	{"TimeoutAnnouncedOnce", testTimeoutAnnouncedOnce},
	{"ShortGamesDoNotCount", testShortGamesDoNotCount},
	{"VacationPausesClocks", testVacationPausesClocks},
	{"VacationLeavesLiveClocks", testVacationLeavesLiveClocks},
	{"VacationAndNewGames", testVacationAndNewGames},
	{"RememberGameAndLeaderboardVariants", testRememberGameAndLeaderboardVariants},
	{"LeaderboardOrder", testLeaderboardOrder},
	{"LeaderboardHidden", testLeaderboardHidden},
	{"NamesKeptWithTheGame", testNamesKeptWithTheGame},
	{"GuildVacationDays", testGuildVacationDays},
	{"LiveClock", testLiveClock},
	{"LiveClockCatchUp", testLiveClockCatchUp},
	{"TimeUpBeforeBothMoved", testTimeUpBeforeBothMoved},
	{"LiveClockStopsAtTheEnd", testLiveClockStopsAtTheEnd},
	{"LiveClockValidation", testLiveClockValidation},
	{"LiveClockLastMove", testLiveClockLastMove},
	{"ChallengeAndRematchFields", testChallengeAndRematchFields},
	{"Rematches", testRematches},
	{"CasualDefaultSaved", testCasualDefaultSaved},
	{"LanguagesSaved", testLanguagesSaved},
	{"UserLanguage", testUserLanguage},
	{"UserLanguageMigrated", testUserLanguageMigrated},
	{"DMFailureKept", testDMFailureKept},
	{"Tournaments", testTournaments},
	{"TournamentsOfGuild", testTournamentsOfGuild},
	{"ActiveTournaments", testActiveTournaments},
	{"OverTournamentLeftActive", testOverTournamentLeftActive},
}

func TestContract(t *testing.T) {
	for _, b := range testBackends {
		t.Run(b.name, func(t *testing.T) {
			if b.name == "postgres" && !pgtest.Available() {
				t.Skip(pgtest.SkipMessage)
			}
			for _, c := range contractTests {
				t.Run(c.name, func(t *testing.T) { c.fn(t, b) })
			}
		})
	}
}

// testBackend is a backend under test, with the few things a test needs
// to do behind the Store's back.
type testBackend struct {
	name string
	// newDB returns the name of a new, empty database for the test: a
	// file path, or a PostgreSQL URL of a new schema.
	newDB func(t testing.TB) string
	// badGameRecords are records that do not decode, as this backend
	// could hold them (PostgreSQL keeps only well-formed JSON).
	badGameRecord string
	// putRecord overwrites the stored bytes of record id of a kind
	// ("games", "challenges", "tournaments": the bbolt bucket and the
	// PostgreSQL table), the store closed.
	putRecord func(t testing.TB, db, kind string, id uint64, data string)
	// record reads the stored bytes of record id of a kind (the store
	// closed).
	record func(t testing.TB, db, kind string, id uint64) string
	// breakIndexes loses the index entry of the earliest deadline and
	// adds one stray index entry: Check must find 2 problems.
	breakIndexes func(t testing.TB, db string)
	// undoLanguageMigration marks the database (closed) as of the schema
	// before the user-language migration (bbolt's 9 → 10, PostgreSQL's
	// 7), undoing the layout of the migrations after it, so that they all
	// run again at the next open.
	undoLanguageMigration func(t testing.TB, db string)
}

var testBackends = []testBackend{
	{
		name:          "bbolt",
		newDB:         func(t testing.TB) string { return filepath.Join(t.TempDir(), "taflbot.db") },
		badGameRecord: `{"id":1,"moves":[`,
		putRecord: func(t testing.TB, db, kind string, id uint64, data string) {
			boltUpdate(t, db, func(tx *bolt.Tx) error {
				return tx.Bucket([]byte(kind)).Put(binary.BigEndian.AppendUint64(nil, id), []byte(data))
			})
		},
		record: func(t testing.TB, db, kind string, id uint64) string {
			var out string
			boltUpdate(t, db, func(tx *bolt.Tx) error {
				out = string(tx.Bucket([]byte(kind)).Get(binary.BigEndian.AppendUint64(nil, id)))
				return nil
			})
			return out
		},
		breakIndexes: func(t testing.TB, db string) {
			boltUpdate(t, db, func(tx *bolt.Tx) error {
				b := tx.Bucket([]byte("idx_deadlines"))
				k, _ := b.Cursor().First()
				if err := b.Delete(k); err != nil {
					return err
				}
				return tx.Bucket([]byte("idx_active_games_by_channel")).Put([]byte("\x02zz\x00\x00\x00\x00\x00\x00\x00\x09"), nil)
			})
		},
		undoLanguageMigration: func(t testing.TB, db string) {
			boltUpdate(t, db, func(tx *bolt.Tx) error {
				// 10 → 11 builds an index, which it rebuilds as it is.
				return tx.Bucket([]byte("meta")).Put([]byte("schema_version"), binary.BigEndian.AppendUint64(nil, 9))
			})
		},
	},
	{
		name:          "postgres",
		newDB:         pgtest.NewDatabase,
		badGameRecord: `{"id":1,"moves":{"not":"a list"}}`,
		putRecord: func(t testing.TB, db, kind string, id uint64, data string) {
			pgtest.Exec(t, db, "UPDATE "+kind+" SET record = $2 WHERE id = $1", int64(id), data)
		},
		record: func(t testing.TB, db, kind string, id uint64) string {
			return pgtest.QueryString(t, db, "SELECT record::text FROM "+kind+" WHERE id = $1", int64(id))
		},
		breakIndexes: func(t testing.TB, db string) {
			pgtest.Exec(t, db, `UPDATE games SET deadline_ns = NULL
				WHERE id = (SELECT id FROM games WHERE deadline_ns IS NOT NULL ORDER BY deadline_ns, id LIMIT 1)`)
			pgtest.Exec(t, db, "UPDATE games SET thread = 'zz' WHERE id = (SELECT max(id) FROM games)")
		},
		undoLanguageMigration: func(t testing.TB, db string) {
			pgtest.Exec(t, db, "ALTER TABLE games DROP COLUMN board_due")                        // migration 8's
			pgtest.Exec(t, db, "DROP INDEX games_finished_by_channel, games_finished_by_thread") // migration 9's
			pgtest.Exec(t, db, "DELETE FROM taflbot_migrations WHERE version >= 7")
		},
	},
}

// open opens a new, empty database of the backend with a fake clock; it
// is closed at cleanup.
func (b testBackend) open(t testing.TB) (*storage.Store, *clock) {
	t.Helper()
	c := newClock()
	return b.openAt(t, b.newDB(t), storage.Options{Now: c.Now}), c
}

// openAt opens the database db; it is closed at cleanup.
func (b testBackend) openAt(t testing.TB, db string, opts storage.Options) *storage.Store {
	t.Helper()
	s, err := storage.Open(db, opts)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Backend(); got != b.name {
		t.Fatalf("opened a %s store, want %s", got, b.name)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Error(err)
		}
	})
	return s
}

func boltUpdate(t testing.TB, path string, fn func(tx *bolt.Tx) error) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Update(fn); err != nil {
		t.Fatal(err)
	}
}

// testBadIDs: ids that one backend could not store the same way (NUL and
// other control characters, invalid UTF-8) are refused by both, and
// nothing is written.
func testBadIDs(t *testing.T, b testBackend) {
	s, clk := b.open(t)
	ctx := t.Context()
	for _, id := range []string{"a\x00b", "tab\there", "\xff\xfe", "new\nline"} {
		g := newHumanGame(t, "111", "222")
		g.ChannelID = id
		if err := s.CreateGame(ctx, g); !errors.Is(err, storage.ErrInvalid) {
			t.Errorf("channel %q: %v, want ErrInvalid", id, err)
		}
		if _, err := s.UpdatePlayer(ctx, "g1", id, func(*storage.Player) error { return nil }); !errors.Is(err, storage.ErrInvalid) {
			t.Errorf("user %q: %v, want ErrInvalid", id, err)
		}
		gs := storage.DefaultGuildSettings(id)
		if err := s.PutGuildSettings(ctx, gs); !errors.Is(err, storage.ErrInvalid) {
			t.Errorf("guild %q: %v, want ErrInvalid", id, err)
		}
		c := &storage.Challenge{ChallengerID: id, Expires: clk.Now().Add(time.Hour)}
		if err := s.CreateChallenge(ctx, c); !errors.Is(err, storage.ErrInvalid) {
			t.Errorf("challenger %q: %v, want ErrInvalid", id, err)
		}
	}
	rep, err := s.Check(ctx)
	if err != nil || !rep.OK() || rep.Games+rep.Players+rep.Guilds+rep.Challenges != 0 {
		t.Errorf("after refused writes: %v %+v", err, rep)
	}
	// Unicode that is not a control character is fine.
	g := newHumanGame(t, "Åsa", "Þórr")
	g.ChannelID = "kanal-ø"
	if err := s.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	if got, err := s.GamesByPlayer(ctx, "Þórr", storage.GameFilter{}); err != nil || len(got) != 1 || got[0].ChannelID != "kanal-ø" {
		t.Errorf("games of Þórr: %v %v", err, got)
	}
}
