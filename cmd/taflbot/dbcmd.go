package main

import (
	"context"
	"io"
)

// runDBCommand runs "taflbot db …" (check, migrate, copy, backup, compact, export, puzzles): see
// runDB in db.go.
func runDBCommand(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) error {
	return runDB(ctx, args, stdout, stderr, getenv)
}
