package storage_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/taflbot/taflbot/storage"
)

// A move is played through UpdateGame: load, play, save in one
// transaction. A second click on the same (now stale) board fails with
// ErrStale instead of playing twice.
func ExampleStore_UpdateGame() {
	dir, err := os.MkdirTemp("", "taflbot-example")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	s, err := storage.Open(filepath.Join(dir, "taflbot.db"), storage.Options{})
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()

	g, err := storage.NewGame("brandubh", "")
	if err != nil {
		log.Fatal(err)
	}
	g.Attackers, g.Defenders = storage.Human("111"), storage.AI("easy")
	if err := s.CreateGame(ctx, g); err != nil {
		log.Fatal(err)
	}
	click := func() error {
		_, err := s.UpdateGame(ctx, g.ID, 0, func(g *storage.Game) error {
			_, err := g.Tafl().PlayText("d1-c1")
			return err
		})
		return err
	}
	fmt.Println("first click:", click())
	fmt.Println("second click is stale:", errors.Is(click(), storage.ErrStale))
	saved, err := s.GetGame(ctx, g.ID)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("game", saved.ID, "moves", saved.Moves(), "defenders to move:", saved.ToMove().IsAI())
	// Output:
	// first click: <nil>
	// second click is stale: true
	// game 1 moves [d1-c1] defenders to move: true
}
