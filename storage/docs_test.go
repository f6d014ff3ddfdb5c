package storage

import (
	"os"
	"regexp"
	"strings"
	"testing"
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
