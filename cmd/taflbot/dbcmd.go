package main

import (
	"context"
	"errors"
	"io"
)

// runDBCommand runs "taflbot db …" (check, backup, compact, export),
// written by the storage side in db.go.
func runDBCommand(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	return usageError{errors.New("taflbot db: not available in this build yet")}
}
