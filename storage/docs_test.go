package storage

import (
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestDocsNameEveryTable: SCALING.md and OPERATIONS.md list the tables a
// PostgreSQL database gets, every one the migrations create (they named
// the first four, without the reviews, puzzles and tournaments).
func TestDocsNameEveryTable(t *testing.T) {
	tables := []string{"taflbot_migrations"}
	create := regexp.MustCompile(`(?m)^CREATE TABLE (\w+)`)
	for _, m := range pgMigrations {
		for _, match := range create.FindAllStringSubmatch(m.sql, -1) {
			tables = append(tables, match[1])
		}
	}
	if len(tables) < 5 {
		t.Fatalf("tables found in the migrations: %v", tables)
	}
	for _, doc := range []string{"../docs/SCALING.md", "../docs/OPERATIONS.md"} {
		data, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		for _, table := range tables {
			if !strings.Contains(string(data), "`"+table+"`") {
				t.Errorf("%s does not name the table `%s`", doc, table)
			}
		}
	}
}

// TestDocsSayHowManyBackupsAreKept: OPERATIONS.md's count of the daily
// backups the pruning keeps (with the default backup_keep) is the one the
// pruning gives: exactly 11 once there was a backup on each of the last
// 35 days, whatever the weekday and hour, and never more than 12 when a
// day had none (a restart moving the backup time past midnight). It said
// "11 or 12 files", as if both were usual.
func TestDocsSayHowManyBackupsAreKept(t *testing.T) {
	const keep = 7 // backup_keep's default
	// daily simulates daily backups from start, pruned as BackupNow does
	// right after each; skip, when set, moves the backup time an hour
	// later at backup 40 (23:30 to 00:30: a day without a backup). It
	// returns the count of files after each backup.
	daily := func(start time.Time, skip bool) []int {
		var list []backupFile
		var counts []int
		at := start
		for i := range 90 {
			if skip && i == 40 {
				at = at.Add(time.Hour)
			}
			list = append(list, backupFile{fmt.Sprint(i), at})
			kept := keptBackups(list, keep, at.Add(time.Second))
			list = slices.DeleteFunc(list, func(b backupFile) bool { return !kept[b.name] })
			counts = append(counts, len(list))
			at = at.Add(24 * time.Hour)
		}
		return counts
	}
	days := keepWeeks * 7
	steady, most := 0, 0
	for h := range 7 * 24 {
		start := time.Date(2026, 3, 2, 0, 30, 0, 0, time.UTC).Add(time.Duration(h) * time.Hour)
		for i, n := range daily(start, false) {
			if i+1 < days {
				continue
			}
			if steady == 0 {
				steady = n
			}
			if n != steady {
				t.Fatalf("daily from %v: %d files after backup %d, %d before", start, n, i+1, steady)
			}
		}
	}
	for d := range 7 {
		start := time.Date(2026, 3, 2, 23, 30, 0, 0, time.UTC).AddDate(0, 0, d)
		most = max(most, slices.Max(daily(start, true)))
	}
	if steady != keep+keepWeeks-1 || most != steady+1 {
		t.Fatalf("%d files kept every day, at most %d with a day skipped", steady, most)
	}
	data, err := os.ReadFile("../docs/OPERATIONS.md")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(data)), " ")
	for _, want := range []string{
		fmt.Sprintf("that is %d files once a backup was written on each of the last %d days (UTC)", steady, days),
		fmt.Sprintf("the newest of each of the %d ISO weeks before them", steady-keepDays),
		fmt.Sprintf("fewer, or %d, never more", most),
	} {
		if !strings.Contains(text, want) {
			t.Errorf("OPERATIONS.md does not say %q", want)
		}
	}
}
