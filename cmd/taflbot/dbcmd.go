package main

import (
	"context"
	"io"
)

// runDBCommand runs "taflbot db …" (check, backup, compact, export): see
// runDB in db.go.
func runDBCommand(ctx context.Context, args []string, stdout, stderr io.Writer, getenv func(string) string) error {
	return runDB(ctx, args, stdout, stderr, getenv)
}
