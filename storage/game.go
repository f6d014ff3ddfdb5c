package storage

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/taflbot/taflbot/clock"
	"github.com/taflbot/taflbot/tafl"
)

// GameID identifies a game. IDs start at 1 and are never reused.
type GameID uint64

// String returns the id in decimal, as shown to users and used in custom ids.
func (id GameID) String() string { return strconv.FormatUint(uint64(id), 10) }

// ParseGameID reads a decimal game id.
func ParseGameID(text string) (GameID, error) {
	n, err := strconv.ParseUint(text, 10, 64)
	if err != nil || n == 0 {
		return 0, fmt.Errorf("storage: %q is not a game id (a game id is a number such as 42)", text)
	}
	return GameID(n), nil
}

// Seat is who plays one side of a game: a Discord user, or the built-in
// engine at some level. Exactly one of UserID and AILevel is set.
type Seat struct {
	UserID  string // UserID is the Discord user id of a human player ("" for the AI).
	AILevel string // AILevel is the engine's strength ("easy", …) when the AI plays ("" for a human).
	// Name is the player's display name as Discord last gave it (a cache
	// kept with the game, for pictures, lists and records; "" when not
	// known). It may change with UpdateGame; the ids may not.
	Name string
}

// MaxNameLen bounds a cached display name, in bytes (Discord's are at most 32 characters).
const MaxNameLen = 128

// sameSeat reports whether a and b are the same player, whatever names they carry.
func sameSeat(a, b Seat) bool { return a.UserID == b.UserID && a.AILevel == b.AILevel }

// Human returns the seat of a Discord user.
func Human(userID string) Seat { return Seat{UserID: userID} }

// AI returns the seat of the engine at the given level.
func AI(level string) Seat { return Seat{AILevel: level} }

// IsAI reports whether the engine plays this seat.
func (s Seat) IsAI() bool { return s.AILevel != "" }

// String returns the user id or "ai:<level>".
func (s Seat) String() string {
	if s.IsAI() {
		return "ai:" + s.AILevel
	}
	return s.UserID
}

func (s Seat) valid() bool { return (s.UserID == "") != (s.AILevel == "") }

// MessageRef identifies a Discord message showing a game's board.
type MessageRef struct {
	ChannelID string `json:"channel"`
	MessageID string `json:"message"`
	// Onlooker marks a board shown on request of someone who does not
	// play in the game (/tafl board); the bot keeps fewer of those, so
	// that they do not push out the boards posted for the players.
	Onlooker bool `json:"onlooker,omitempty"`
}

// RatingChange records how a finished rated game moved one player's rating.
type RatingChange struct {
	UserID string `json:"user"`
	Before Rating `json:"before"`
	After  Rating `json:"after"`
}

// Game is a stored game: metadata plus the live rules-engine game rebuilt
// from the stored move list. Change it only inside [Store.UpdateGame].
type Game struct {
	ID        GameID // ID is assigned by CreateGame.
	GuildID   string // GuildID is the server ("" for a direct-message game).
	ChannelID string // ChannelID is where the game was started.
	ThreadID  string // ThreadID is the game's own thread, if any.

	Attackers Seat // Attackers is who plays the attacking side.
	Defenders Seat // Defenders is who plays the defending side (with the king).
	Casual    bool // Casual games count in win/loss records but not in ratings.

	Created time.Time // Created is set by CreateGame.
	Updated time.Time // Updated is set on every save.

	// MoveTime is the time allowed for each move of a correspondence
	// game (0: none). After every move UpdateGame sets Deadline to the
	// move's time plus MoveTime unless fn set Deadline itself. In a
	// correspondence game only humans have a clock:
	// while the engine is to move Deadline is zero, so the engine never
	// loses on time.
	MoveTime time.Duration
	// Clock is the chess clock of a live game (the zero Clock for a
	// correspondence game, which has MoveTime instead). CreateGame starts
	// it; every move presses it (the mover's time used comes off, the
	// increment goes on) and Deadline is the moment the running clock
	// reaches zero, for both sides: in a live game the engine has a clock
	// too. When the game ends the clocks stop, on a timeout at the moment
	// the flag fell.
	Clock clock.Clock
	// Deadline is when the side to move runs out of time (zero: no
	// deadline). Cleared when the game ends.
	Deadline time.Time
	// Reminded is when a reminder was sent for the current move (zero:
	// none). Cleared by every move; see [Store.MarkReminded].
	Reminded time.Time
	// DrawOffer is the side offering a draw (NoSide: none). The offer
	// lapses when the other side moves instead of accepting.
	DrawOffer tafl.Side
	// DrawBarred are the sides that may not offer a draw until they move
	// again: their offer was withdrawn or declined (the other side moved
	// instead of accepting). A side's own move lifts its bar.
	DrawBarred DrawBars
	// BoardMessages are the messages showing the board, to edit after moves.
	BoardMessages []MessageRef
	// RatingChanges is set when a rated game between two humans ends.
	RatingChanges []RatingChange
	// Hints counts the hints the engine gave each side (the bot's Hint
	// button in games against the engine); they never decrease.
	Hints Hints
	// Rematch is the challenge to play this finished game again (0: none
	// offered yet); see the bot's Rematch button.
	Rematch ChallengeID
	// RematchGame is the game that plays this finished game against the
	// engine again (0: none yet).
	RematchGame GameID
	// TournamentID is the tournament the game belongs to (0: none).
	TournamentID TournamentID
	// Language is the language of the game's public messages (a BCP 47
	// tag such as "da"; "" for English), chosen by the bot when the game
	// is created.
	Language string
	// MineDue says that the game is still to be mined for a puzzle: set
	// in the transaction that ends it with a winner (UpdateGame), cleared
	// by MineDone when the search is over, so that a search a shutdown
	// cut short or kept waiting is not lost (GamesToMine).
	MineDue bool
	// BoardDue says that the board of the game's latest move never
	// reached Discord (the bot's post of it failed, retries and all): set
	// by the bot, cleared by the next move, when the game ends and by the
	// bot when it posts that board after all (BoardsDue).
	BoardDue bool
	// EndedBy is the server manager (a user id) who ended the game
	// without a result (the bot's `/tafl resign` on others' game): the
	// game is then aborted (tafl.Aborted), whatever its moves; "" for any
	// other end.
	EndedBy string

	variant, layout, rules string
	v                      *tafl.Variant
	// Either game is the live game, or (for games from the list methods,
	// until Tafl is called) moves and outcome come from the record.
	game    *tafl.Game
	moves   []string
	outcome tafl.Outcome
}

// NewGame returns an unsaved game of a preset variant ("" for
// [tafl.DefaultVariant]) and layout ("" for the default). Fill in the
// metadata and pass it to [Store.CreateGame].
func NewGame(variant, layout string) (*Game, error) {
	if variant == "" {
		variant = tafl.DefaultVariant
	}
	v, err := tafl.Preset(variant, layout)
	if err != nil {
		return nil, fmt.Errorf("storage: new game: %w", err)
	}
	return &Game{variant: variant, layout: v.Rules().Layout, v: v, game: tafl.NewGame(v)}, nil
}

// NewCustomGame returns an unsaved game played under an OTN rules string
// (see tafl.ParseRules).
func NewCustomGame(rules string) (*Game, error) {
	v, err := tafl.VariantOf("", "", rules)
	if err != nil {
		return nil, fmt.Errorf("storage: new game: %w", err)
	}
	return &Game{rules: rules, v: v, game: tafl.NewGame(v)}, nil
}

// Tafl returns the live game: play moves on it inside UpdateGame. Its
// moves are saved; its start position and variant cannot change.
//
// Games from the list methods (GamesByPlayer, ActiveGamesInChannel,
// GamesDueBefore) are decoded without replaying their moves, which is
// what makes those lists fast; the first call of Tafl replays them. In a
// damaged file whose moves no longer replay, that game stops before the
// first bad move; GetGame and UpdateGame report such a game as
// ErrCorrupt.
func (g *Game) Tafl() *tafl.Game {
	if g.game == nil {
		g.replay(nil) // on error g.game holds the moves that replayed
	}
	return g.game
}

// Variant returns the preset's name, or "custom" for a rules string.
func (g *Game) Variant() string {
	if g.rules != "" {
		return "custom"
	}
	return g.variant
}

// Layout returns the preset's start layout ("" where a preset has one).
func (g *Game) Layout() string { return g.layout }

// Rules returns the OTN rules string of a custom game ("" for a preset).
func (g *Game) Rules() string { return g.rules }

// Ply returns the number of moves played.
func (g *Game) Ply() int {
	if g.game == nil {
		return len(g.moves)
	}
	return g.game.Len()
}

// Moves returns the moves played in OTN simple form ("d1-d4").
func (g *Game) Moves() []string {
	if g.game == nil {
		return slices.Clone(g.moves)
	}
	plies := g.game.Plies()
	out := make([]string, len(plies))
	for i, p := range plies {
		out[i] = p.Move.String()
	}
	return out
}

// Outcome returns how the game ended (the zero Outcome while it goes on).
func (g *Game) Outcome() tafl.Outcome {
	if g.game == nil {
		return g.outcome
	}
	return g.game.Outcome()
}

// Active reports whether the game goes on.
func (g *Game) Active() bool { return !g.Outcome().Over() }

// toMove returns the side to move (after the end: the side that would move).
func (g *Game) toMove() tafl.Side {
	if g.game != nil {
		return g.game.ToMove()
	}
	first := g.v.Start().ToMove()
	if len(g.moves)%2 == 1 {
		return first.Other()
	}
	return first
}

// Seat returns who plays side s (the zero Seat for NoSide).
func (g *Game) Seat(s tafl.Side) Seat {
	switch s {
	case tafl.Attackers:
		return g.Attackers
	case tafl.Defenders:
		return g.Defenders
	}
	return Seat{}
}

// SideOf returns the side a user plays: NoSide if the user is not in the
// game; when a user plays both sides, the side to move.
func (g *Game) SideOf(userID string) tafl.Side {
	a, d := g.Attackers.UserID == userID && userID != "", g.Defenders.UserID == userID && userID != ""
	switch {
	case a && d:
		return g.toMove()
	case a:
		return tafl.Attackers
	case d:
		return tafl.Defenders
	}
	return tafl.NoSide
}

// ToMove returns the seat whose turn it is (the zero Seat once over).
func (g *Game) ToMove() Seat {
	if !g.Active() {
		return Seat{}
	}
	return g.Seat(g.toMove())
}

// clone returns a deep copy (the tafl game included).
func (g *Game) clone() *Game {
	c := *g
	c.BoardMessages = slices.Clone(g.BoardMessages)
	c.RatingChanges = slices.Clone(g.RatingChanges)
	if g.game != nil {
		c.game = g.game.Clone()
	}
	return &c
}

// gameRecord is the stored form of a Game (schema 2).
type gameRecord struct {
	ID            uint64         `json:"id"`
	Guild         string         `json:"guild,omitempty"`
	Channel       string         `json:"channel,omitempty"`
	Thread        string         `json:"thread,omitempty"`
	Variant       string         `json:"variant,omitempty"`
	Layout        string         `json:"layout,omitempty"`
	Rules         string         `json:"rules,omitempty"`
	Attackers     seatRecord     `json:"attackers"`
	Defenders     seatRecord     `json:"defenders"`
	Casual        bool           `json:"casual,omitempty"`
	Moves         []string       `json:"moves"`
	Result        string         `json:"result"`
	Reason        string         `json:"reason,omitempty"`
	Created       time.Time      `json:"created"`
	Updated       time.Time      `json:"updated"`
	MoveTime      string         `json:"move_time,omitempty"`
	Clock         *clockRecord   `json:"clock,omitempty"`
	Deadline      time.Time      `json:"deadline,omitzero"`
	Reminded      time.Time      `json:"reminded,omitzero"`
	DrawOffer     string         `json:"draw_offer,omitempty"`
	DrawBarred    DrawBars       `json:"draw_barred,omitzero"`
	Board         []MessageRef   `json:"board,omitempty"`
	RatingChanges []RatingChange `json:"rating_changes,omitempty"`
	Hints         Hints          `json:"hints,omitzero"`
	Rematch       uint64         `json:"rematch,omitempty"`
	RematchGame   uint64         `json:"rematch_game,omitempty"`
	Tournament    uint64         `json:"tournament,omitempty"`
	Language      string         `json:"lang,omitempty"`
	MineDue       bool           `json:"mine_due,omitempty"`
	BoardDue      bool           `json:"board_due,omitempty"`
	EndedBy       string         `json:"ended_by,omitempty"`
}

// DrawBars says which sides may not offer a draw before their next
// move (see [Game.DrawBarred]).
type DrawBars struct {
	Attackers bool `json:"attackers,omitempty"`
	Defenders bool `json:"defenders,omitempty"`
}

// Of reports whether side s may not offer a draw now.
func (d DrawBars) Of(s tafl.Side) bool {
	switch s {
	case tafl.Attackers:
		return d.Attackers
	case tafl.Defenders:
		return d.Defenders
	}
	return false
}

// Set bars side s from offering a draw (barred) or lifts its bar.
func (d *DrawBars) Set(s tafl.Side, barred bool) {
	switch s {
	case tafl.Attackers:
		d.Attackers = barred
	case tafl.Defenders:
		d.Defenders = barred
	}
}

// Hints counts the hints given to each side of a game.
type Hints struct {
	Attackers int `json:"attackers,omitempty"`
	Defenders int `json:"defenders,omitempty"`
	// Last is the position of the last hint counted, as its ply plus
	// one (0: none counted with AddAt): a second hint on the same
	// position is the same hint, not counted again.
	Last int `json:"last,omitempty"`
	// takenA and takenD count the hints RemoveAt took back in this
	// update (UpdateGame refuses any other decrease); never stored.
	takenA, takenD int
}

// Of returns the hints given to side s.
func (h Hints) Of(s tafl.Side) int {
	switch s {
	case tafl.Attackers:
		return h.Attackers
	case tafl.Defenders:
		return h.Defenders
	}
	return 0
}

// Add counts one more hint for side s.
func (h *Hints) Add(s tafl.Side) {
	switch s {
	case tafl.Attackers:
		h.Attackers++
	case tafl.Defenders:
		h.Defenders++
	}
}

// AddAt counts one more hint for side s on the position after ply plies,
// unless one was counted on that position already; it reports whether it
// counted one.
func (h *Hints) AddAt(s tafl.Side, ply int) bool {
	if h.Last == ply+1 {
		return false
	}
	h.Add(s)
	h.Last = ply + 1
	return true
}

// RemoveAt takes back a hint that AddAt counted for side s on the
// position after ply plies, one the player never saw (the only way a
// hint given may be taken back in UpdateGame), so that it no longer
// counts and a hint on that position counts again.
func (h *Hints) RemoveAt(s tafl.Side, ply int) {
	switch {
	case s == tafl.Attackers && h.Attackers > 0:
		h.Attackers--
		h.takenA++
	case s == tafl.Defenders && h.Defenders > 0:
		h.Defenders--
		h.takenD++
	default:
		return
	}
	if h.Last == ply+1 {
		h.Last = 0
	}
}

// clockRecord is the stored form of a live game's clock.
type clockRecord struct {
	Control   string    `json:"control"`        // "10+5"
	Attackers int64     `json:"attackers_ms"`   // time left as of Since
	Defenders int64     `json:"defenders_ms"`   // time left as of Since
	Running   string    `json:"running"`        // "attackers", "defenders" or "" (stopped)
	Since     time.Time `json:"since,omitzero"` // when the running clock started (or the clocks stopped)
}

func encodeClock(c clock.Clock) *clockRecord {
	if c.IsZero() {
		return nil
	}
	r := &clockRecord{Control: c.Control.String(), Attackers: c.Left[0].Milliseconds(), Defenders: c.Left[1].Milliseconds(), Since: utc(c.Since)}
	if c.Running != tafl.NoSide {
		r.Running = c.Running.String()
	}
	return r
}

func decodeClock(r *clockRecord) (clock.Clock, error) {
	if r == nil {
		return clock.Clock{}, nil
	}
	tc, err := clock.Parse(r.Control)
	if err != nil {
		return clock.Clock{}, err
	}
	c := clock.Clock{Control: tc, Left: [2]time.Duration{time.Duration(r.Attackers) * time.Millisecond, time.Duration(r.Defenders) * time.Millisecond}, Since: r.Since}
	if r.Running != "" {
		if c.Running, err = tafl.ParseSide(r.Running); err != nil {
			return clock.Clock{}, err
		}
	}
	return c, nil
}

type seatRecord struct {
	User string `json:"user,omitempty"`
	AI   string `json:"ai,omitempty"`
	Name string `json:"name,omitempty"`
}

func encodeGame(g *Game) ([]byte, error) {
	o := g.Outcome()
	r := gameRecord{
		ID: uint64(g.ID), Guild: g.GuildID, Channel: g.ChannelID, Thread: g.ThreadID,
		Variant: g.variant, Layout: g.layout, Rules: g.rules,
		Attackers: seatRecord{g.Attackers.UserID, g.Attackers.AILevel, g.Attackers.Name},
		Defenders: seatRecord{g.Defenders.UserID, g.Defenders.AILevel, g.Defenders.Name},
		Casual:    g.Casual, Moves: g.Moves(), Result: o.Status(), Reason: o.Reason.String(),
		Created: g.Created.UTC(), Updated: g.Updated.UTC(),
		Deadline: utc(g.Deadline), Reminded: utc(g.Reminded),
		Board: g.BoardMessages, RatingChanges: g.RatingChanges, Hints: g.Hints, Clock: encodeClock(g.Clock), Rematch: uint64(g.Rematch), RematchGame: uint64(g.RematchGame), Tournament: uint64(g.TournamentID),
		Language: g.Language, MineDue: g.MineDue, BoardDue: g.BoardDue, EndedBy: g.EndedBy, DrawBarred: g.DrawBarred,
	}
	if g.MoveTime != 0 {
		r.MoveTime = g.MoveTime.String()
	}
	if g.DrawOffer != tafl.NoSide {
		r.DrawOffer = g.DrawOffer.String()
	}
	return json.Marshal(r)
}

func utc(t time.Time) time.Time {
	if t.IsZero() {
		return t
	}
	return t.UTC()
}

// decodeGame rebuilds a game from its record by replaying the moves.
func decodeGame(data []byte) (*Game, error) {
	g, err := decodeGameLazy(data)
	if err != nil {
		return nil, err
	}
	if err := g.replay(nil); err != nil {
		return nil, err
	}
	return g, nil
}

// decodeGameLazy decodes a record without replaying its moves.
func decodeGameLazy(data []byte) (*Game, error) {
	var r gameRecord
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	return r.lazy(nil)
}

func (r *gameRecord) game() (*Game, error) { return r.gameFrom(nil) }

// gameFrom decodes r; when base (an active game whose moves are a prefix
// of r's, same variant) is given, only the moves after base's are replayed.
func (r *gameRecord) gameFrom(base *Game) (*Game, error) {
	g, err := r.lazy(base)
	if err != nil {
		return nil, err
	}
	if err := g.replay(base); err != nil {
		return nil, err
	}
	return g, nil
}

// lazy decodes r's metadata; the moves are replayed by Game.replay.
func (r *gameRecord) lazy(base *Game) (*Game, error) {
	bad := func(format string, args ...any) (*Game, error) {
		return nil, fmt.Errorf("%w: %s", ErrCorrupt, fmt.Sprintf(format, args...))
	}
	g := &Game{
		ID: GameID(r.ID), GuildID: r.Guild, ChannelID: r.Channel, ThreadID: r.Thread,
		Attackers: Seat{r.Attackers.User, r.Attackers.AI, r.Attackers.Name}, Defenders: Seat{r.Defenders.User, r.Defenders.AI, r.Defenders.Name},
		Casual: r.Casual, Created: r.Created, Updated: r.Updated, Deadline: r.Deadline, Reminded: r.Reminded,
		BoardMessages: r.Board, RatingChanges: r.RatingChanges, Hints: r.Hints, Rematch: ChallengeID(r.Rematch), RematchGame: GameID(r.RematchGame), TournamentID: TournamentID(r.Tournament),
		Language: r.Language, MineDue: r.MineDue, BoardDue: r.BoardDue, EndedBy: r.EndedBy,
		variant: r.Variant, layout: r.Layout, rules: r.Rules, moves: r.Moves,
	}
	var err error
	switch {
	case base != nil:
		g.v = base.v
	case r.Rules != "":
		g.v, err = tafl.VariantOf("", "", r.Rules)
	default:
		g.v, err = tafl.Preset(r.Variant, r.Layout)
	}
	if err != nil {
		return bad("variant: %v", err)
	}
	if r.MoveTime != "" {
		if g.MoveTime, err = time.ParseDuration(r.MoveTime); err != nil {
			return bad("move time: %v", err)
		}
	}
	if g.Clock, err = decodeClock(r.Clock); err != nil {
		return bad("clock: %v", err)
	}
	g.DrawBarred = r.DrawBarred
	if r.DrawOffer != "" {
		if g.DrawOffer, err = tafl.ParseSide(r.DrawOffer); err != nil {
			return bad("draw offer: %v", err)
		}
	}
	if g.outcome, err = parseOutcome(r.Result, r.Reason); err != nil {
		return bad("%v", err)
	}
	if !g.Attackers.valid() || !g.Defenders.valid() {
		return bad("a seat has neither a user nor an AI level")
	}
	return g, nil
}

// replay builds g.game from g.moves (starting from base's game when
// given) and checks the recorded outcome. On error g.game holds the
// moves up to the bad one.
func (g *Game) replay(base *Game) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrCorrupt, fmt.Sprintf(format, args...))
	}
	done := 0
	if base != nil {
		g.game, done = base.game.Clone(), base.game.Len()
	} else {
		g.game = tafl.NewGame(g.v)
	}
	for i := done; i < len(g.moves); i++ {
		text := g.moves[i]
		mt, err := tafl.ParseMove(text)
		if err != nil {
			return bad("move %d %q: %v", i+1, text, err)
		}
		if _, err := g.game.Play(mt.Move); err != nil {
			return bad("move %d %q: %v", i+1, text, err)
		}
	}
	if got := g.game.Outcome(); got != g.outcome {
		if got.Over() {
			return bad("the moves end the game %s (%s) but the record says %s", got.Status(), got.Reason, g.outcome.Status())
		}
		if err := g.game.SetOutcome(g.outcome); err != nil {
			return bad("result %s (%s): %v", g.outcome.Status(), g.outcome.Reason, err)
		}
	}
	g.moves, g.outcome = nil, tafl.Outcome{}
	return nil
}

func parseOutcome(result, reason string) (tafl.Outcome, error) {
	var o tafl.Outcome
	switch result {
	case "ongoing", "":
		return o, nil
	case "attackers-won":
		o.Winner = tafl.Attackers
	case "defenders-won":
		o.Winner = tafl.Defenders
	case "draw":
	default:
		return o, fmt.Errorf("unknown result %q", result)
	}
	r, ok := tafl.ParseEndReason(reason)
	if !ok || r == tafl.NoEnd {
		return o, fmt.Errorf("unknown end reason %q", reason)
	}
	o.Reason = r
	return o, nil
}

// loadGame reads and decodes game id inside tx.
func (s *Store) loadGame(tx txn, id GameID) (*Game, error) {
	data, err := tx.getGame(id)
	if err != nil {
		return nil, fmt.Errorf("storage: load game %d: %w", id, err)
	}
	if data == nil {
		return nil, fmt.Errorf("storage: game %d: %w", id, ErrNotFound)
	}
	s.gameReads.Add(1)
	g, err := s.cache.decode(id, data)
	if err != nil {
		return nil, fmt.Errorf("storage: load game %d: %w", id, err)
	}
	if g.ID != id {
		return nil, fmt.Errorf("storage: load game %d: %w: the record says id %d", id, ErrCorrupt, g.ID)
	}
	return g, nil
}

// CreateGame saves a new game made by [NewGame] or [NewCustomGame],
// assigning g.ID and (when zero) g.Created. Both seats must be set.
func (s *Store) CreateGame(ctx context.Context, g *Game) error {
	if g == nil || g.game == nil {
		return fmt.Errorf("%w: create game: make the game with storage.NewGame", ErrInvalid)
	}
	return s.createWith(ctx, g, nil)
}

// createWith saves a copy of the new game g in one transaction, after check
// (nil: none) has passed in it, and then gives g the saved copy's id and
// times.
func (s *Store) createWith(ctx context.Context, g *Game, check func(tx txn) error) error {
	var saved *Game
	err := s.write(ctx, func(tx txn) error {
		saved = nil
		if check != nil {
			if err := check(tx); err != nil {
				return err
			}
		}
		c := g.clone()
		if err := s.createGame(tx, c, s.now()); err != nil {
			return err
		}
		saved = c
		return nil
	})
	if err != nil {
		return err
	}
	s.b.gameSaved(nil, saved)
	*g = *saved
	return nil
}

// EngineGameLimitError is the error of [Store.CreateEngineGame] when a
// player or a server has as many games against the engine going as
// allowed. It wraps ErrEngineGameLimit.
type EngineGameLimitError struct {
	Server bool // Server says the server's limit was reached (else the player's).
	Going  int  // Going is how many such games are going.
}

func (e *EngineGameLimitError) Error() string {
	who := "the player"
	if e.Server {
		who = "the server"
	}
	return fmt.Sprintf("%v: %s has %d going", ErrEngineGameLimit, who, e.Going)
}

func (e *EngineGameLimitError) Unwrap() error { return ErrEngineGameLimit }

// ErrEngineGameLimit means a player or a server has as many games
// against the engine going as allowed (see EngineGameLimitError).
var ErrEngineGameLimit = errors.New("storage: too many games against the engine")

// CreateEngineGame saves a new game against the engine (as CreateGame)
// unless its human player has perUser such games going (in any server),
// or its server perServer (0: no limit). The count and the creation are
// one step, also across processes sharing a PostgreSQL database: of
// several requests at once, only as many as the limits leave room for
// create a game; the others fail with an *EngineGameLimitError.
func (s *Store) CreateEngineGame(ctx context.Context, g *Game, perUser, perServer int) error {
	if err := checkEngineGame(g); err != nil {
		return err
	}
	return s.createWith(ctx, g, engineLimits(g, perUser, perServer))
}

// checkEngineGame checks that g is a new game against the engine.
func checkEngineGame(g *Game) error {
	if g == nil || g.game == nil {
		return fmt.Errorf("%w: create game: make the game with storage.NewGame", ErrInvalid)
	}
	if g.Attackers.IsAI() == g.Defenders.IsAI() || engineUser(g) == "" {
		return fmt.Errorf("%w: create engine game: one side must be the engine, the other a user", ErrInvalid)
	}
	return nil
}

// engineLimits is the check, in the transaction that creates engine game
// g, that its player and server have room for it.
func engineLimits(g *Game, perUser, perServer int) func(tx txn) error {
	user := engineUser(g)
	return func(tx txn) error {
		keys := []string{"engine games of user " + user}
		if g.GuildID != "" {
			keys = append(keys, "engine games of server "+g.GuildID)
		}
		if err := tx.lockKeys(keys...); err != nil {
			return err
		}
		mine, server, err := tx.engineGames(user, g.GuildID)
		if err != nil {
			return err
		}
		switch {
		case perUser > 0 && mine >= perUser:
			return reject(&EngineGameLimitError{Going: mine})
		case perServer > 0 && g.GuildID != "" && server >= perServer:
			return reject(&EngineGameLimitError{Server: true, Going: server})
		}
		return nil
	}
}

// CreateRematchGame saves the new game g against the engine (as
// CreateEngineGame, within its limits) that plays finished game old
// again, and records it on old (Game.RematchGame), once check has passed:
// check is given old as it is then and its error is returned with
// nothing saved. The look and the writes are one step, also across
// processes sharing a PostgreSQL database: of several requests at once,
// each check sees the game the ones before it recorded, so a check that
// refuses a game with a RematchGame lets one through. check may be called
// more than once (a transaction retried) and must not change the game.
func (s *Store) CreateRematchGame(ctx context.Context, old GameID, g *Game, perUser, perServer int, check func(old *Game) error) error {
	if err := checkEngineGame(g); err != nil {
		return err
	}
	if check == nil {
		return fmt.Errorf("%w: create rematch game: no check", ErrInvalid)
	}
	limits := engineLimits(g, perUser, perServer)
	var before, after, saved *Game
	err := s.write(ctx, func(tx txn) error {
		before, after, saved = nil, nil, nil
		o, err := s.loadRematched(tx, old, check)
		if err != nil {
			return err
		}
		if err := limits(tx); err != nil {
			return err
		}
		now := s.now()
		ng := g.clone()
		if err := s.createGame(tx, ng, now); err != nil {
			return err
		}
		og := o.clone()
		og.RematchGame = ng.ID
		if err := s.finishUpdate(tx, o, og, now); err != nil {
			return err
		}
		before, after, saved = o, og, ng
		return nil
	})
	if err != nil {
		return err
	}
	s.b.gameSaved(nil, saved)
	s.b.gameSaved(before, after)
	*g = *saved
	return nil
}

// loadRematched loads finished game id, to be played again, and runs
// check on it.
func (s *Store) loadRematched(tx txn, id GameID, check func(old *Game) error) (*Game, error) {
	old, err := s.loadGame(tx, id)
	if err != nil {
		return nil, reject(err)
	}
	if old.Active() {
		return nil, rejectf("storage: rematch of game %d: %w: the game is not over", id, ErrInvalid)
	}
	if err := check(old.clone()); err != nil {
		return nil, reject(err)
	}
	return old, nil
}

func (s *Store) createGame(tx txn, g *Game, now time.Time) error {
	if err := validateGame(g); err != nil {
		return reject(fmt.Errorf("storage: create game: %w", err))
	}
	id, err := tx.nextGameID()
	if err != nil {
		return fmt.Errorf("storage: create game: %w", err)
	}
	g.ID = id
	if g.Created.IsZero() {
		g.Created = now
	}
	g.Updated = now
	switch {
	case !g.Clock.IsZero() && g.Active():
		if g.Clock.Running == tafl.NoSide {
			g.Clock = clock.New(g.Clock.Control, g.Tafl().ToMove(), now)
		}
		g.Deadline = g.Clock.FlagAt()
	case !g.Active() || g.ToMove().IsAI():
		g.Deadline = time.Time{}
	case g.Deadline.IsZero() && g.MoveTime > 0:
		g.Deadline = now.Add(g.MoveTime)
		// A first mover on vacation gets the time from its end, as after
		// a move (UpdateGame).
		if d, err := vacationDeadline(tx, g, now); err != nil {
			return err
		} else if !d.IsZero() {
			g.Deadline = d
		}
	}
	return s.saveGame(tx, nil, g)
}

func validateGame(g *Game) error {
	switch {
	case !g.Attackers.valid() || !g.Defenders.valid():
		return fmt.Errorf("%w: each side needs exactly one of a user id or an AI level", ErrInvalid)
	case g.MoveTime < 0:
		return fmt.Errorf("%w: negative move time", ErrInvalid)
	case g.Hints.Attackers < 0 || g.Hints.Defenders < 0:
		return fmt.Errorf("%w: a negative number of hints", ErrInvalid)
	case g.Hints.Last < 0 || g.Hints.Last > g.Ply()+1:
		return fmt.Errorf("%w: a hint counted on move %d of %d", ErrInvalid, g.Hints.Last, g.Ply()+1)
	case len(g.Attackers.Name) > MaxNameLen || len(g.Defenders.Name) > MaxNameLen:
		return fmt.Errorf("%w: a display name longer than %d bytes", ErrInvalid, MaxNameLen)
	case !g.Clock.IsZero() && g.MoveTime != 0:
		return fmt.Errorf("%w: a game has a chess clock or a time per move, not both", ErrInvalid)
	case !g.Clock.IsZero() && g.Clock.Control.Check() != nil:
		return fmt.Errorf("%w: time control %v: %v", ErrInvalid, g.Clock.Control, g.Clock.Control.Check())
	}
	for _, f := range []struct{ what, id string }{
		{"guild id", g.GuildID}, {"channel id", g.ChannelID}, {"thread id", g.ThreadID},
		{"attackers' user id", g.Attackers.UserID}, {"defenders' user id", g.Defenders.UserID},
	} {
		if err := checkID(f.what, f.id, false); err != nil {
			return err
		}
	}
	return nil
}

// saveGame writes g (old is the game as loaded, nil for a new one) and
// hands the written record to the cache (a record of a transaction that
// then rolls back is never used: see gameCache).
func (s *Store) saveGame(tx txn, old, g *Game) error {
	data, err := encodeGame(g)
	if err == nil {
		err = tx.putGame(old, g, data)
	}
	if err != nil {
		return fmt.Errorf("storage: save game %d: %w", g.ID, err)
	}
	s.cache.put(g.ID, data, g.Moves(), g.clone())
	return nil
}

type indexEntry struct {
	bucket []byte
	key    []byte
}

// gameIndex lists the index entries a game should have.
func gameIndex(g *Game) []indexEntry {
	var out []indexEntry
	id := uint64(g.ID)
	active := g.Active()
	for i, seat := range []Seat{g.Attackers, g.Defenders} {
		if seat.UserID == "" || i == 1 && seat.UserID == g.Attackers.UserID {
			continue
		}
		out = append(out, indexEntry{bucketGamesByPlayer, playerGameKey(seat.UserID, active, id)})
	}
	if g.MineDue {
		out = append(out, indexEntry{bucketGamesToMine, idKey(id)})
	}
	if !active {
		if g.ChannelID != "" {
			out = append(out, indexEntry{bucketFinishedByChannel, finishedChannelKey(g.ChannelID, g.Updated, id)})
		}
		if g.ThreadID != "" && g.ThreadID != g.ChannelID {
			out = append(out, indexEntry{bucketFinishedByChannel, finishedChannelKey(g.ThreadID, g.Updated, id)})
		}
		return out
	}
	out = append(out, indexEntry{bucketActiveGames, idKey(id)})
	if g.BoardDue {
		out = append(out, indexEntry{bucketBoardsDue, idKey(id)})
	}
	if g.ToMove().IsAI() {
		out = append(out, indexEntry{bucketEngineToMove, idKey(id)})
	}
	if g.ChannelID != "" {
		out = append(out, indexEntry{bucketActiveByChannel, channelGameKey(g.ChannelID, id)})
	}
	if g.ThreadID != "" && g.ThreadID != g.ChannelID {
		out = append(out, indexEntry{bucketActiveByChannel, channelGameKey(g.ThreadID, id)})
	}
	if !g.Deadline.IsZero() {
		out = append(out, indexEntry{bucketDeadlines, timeKey(g.Deadline, id)})
	}
	return out
}

// GetGame returns game id, or an error wrapping ErrNotFound.
func (s *Store) GetGame(ctx context.Context, id GameID) (*Game, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var g *Game
	err := s.view(ctx, func(tx txn) error {
		var err error
		g, err = s.loadGame(tx, id)
		return err
	})
	return g, err
}

// UpdateGame changes game id atomically: in one write transaction it
// loads the game, calls fn, checks the result and saves it with its
// indexes. When expectedPly >= 0 and the game is at another ply, it fails
// with an error wrapping ErrStale and fn is not called (pass -1 to skip
// the check). An error from fn (such as a *tafl.MoveError) is returned
// as is and nothing is saved.
//
// A game whose side to move is out of time (its Deadline is not after
// now) is ended on time first, whoever asks: the side to move loses (or
// the game is drawn on time when the other side cannot win:
// tafl.Game.FlagFall; before both sides moved it is aborted instead:
// Game.timeUp), the game is saved ended (a live clock stopped as
// of its flag), fn is not called, and UpdateGame returns the saved
// game together with an error wrapping [ErrTimedOut]. Of several callers
// exactly one gets ErrTimedOut (later ones find the game over), so that
// one can announce it. Moves after the deadline are never accepted.
//
// After fn: moves may only be added; the ids, seats and variant may not
// change. When moves were played, Reminded and BoardDue are cleared, a
// draw offer by the side that did not move lapses, and Deadline becomes
// now+MoveTime unless fn changed it. When the game ended, Deadline and
// BoardDue are cleared and, for a game
// between two different humans, both players' records (and for a rated
// game their ratings for the variant, with RatingChanges on the game) are
// updated in the same transaction. Games against the AI count in the
// human's AI record only: the engine has no rating.
//
// fn may be called more than once (see the package Caveats). UpdateGame
// returns the game as saved.
func (s *Store) UpdateGame(ctx context.Context, id GameID, expectedPly int, fn func(*Game) error) (*Game, error) {
	return s.updateGame(ctx, id, expectedPly, time.Time{}, fn)
}

// updateGame is UpdateGame at time at (zero: the store's clock, read in
// the transaction).
func (s *Store) updateGame(ctx context.Context, id GameID, expectedPly int, at time.Time, fn func(*Game) error) (*Game, error) {
	var saved, before *Game
	err := s.write(ctx, func(tx txn) error {
		saved, before = nil, nil
		now := at
		if now.IsZero() {
			now = s.now()
		}
		old, err := s.loadGame(tx, id)
		if err != nil {
			return reject(err)
		}
		if old.Active() && !old.Deadline.IsZero() && !old.Deadline.After(now) {
			g := old.clone()
			if err := g.timeUp(); err != nil {
				return reject(fmt.Errorf("storage: game %d: ending it on time: %w", id, err))
			}
			if err := s.finishUpdate(tx, old, g, now); err != nil {
				return err
			}
			saved, before = g, old
			// Written and committed with the others; the caller learns
			// why fn was not called.
			return reject(fmt.Errorf("storage: game %d: %w", id, ErrTimedOut))
		}
		if expectedPly >= 0 && old.Ply() != expectedPly {
			return rejectf("storage: game %d is at move %d, not %d: %w", id, old.Ply(), expectedPly, ErrStale)
		}
		g := old.clone()
		if err := fn(g); err != nil {
			return reject(err)
		}
		if err := s.finishUpdate(tx, old, g, now); err != nil {
			return err
		}
		saved, before = g, old
		return nil
	})
	if err != nil && !errors.Is(err, ErrTimedOut) {
		return nil, err
	}
	s.b.gameSaved(before, saved)
	return saved, err
}

// finishUpdate checks fn's changes, applies the automatic ones and saves.
func (s *Store) finishUpdate(tx txn, old, g *Game, now time.Time) error {
	bad := func(what string) error {
		return rejectf("storage: update game %d: %w: %s cannot change", old.ID, ErrInvalid, what)
	}
	switch {
	case g.ID != old.ID:
		return bad("the id")
	case g.variant != old.variant || g.layout != old.layout || g.rules != old.rules || g.game == nil:
		return bad("the variant")
	case !sameSeat(g.Attackers, old.Attackers) || !sameSeat(g.Defenders, old.Defenders):
		return bad("the seats")
	case !g.Created.Equal(old.Created):
		return bad("the creation time")
	case g.Ply() < old.Ply():
		return bad("a move played")
	case startHash(g.game) != startHash(old.game):
		return bad("the start position")
	case g.Hints.Attackers < old.Hints.Attackers-g.Hints.takenA || g.Hints.Defenders < old.Hints.Defenders-g.Hints.takenD:
		return bad("a hint given") // but for one not shown (Hints.RemoveAt)
	}
	g.Hints.takenA, g.Hints.takenD = 0, 0
	if err := validateGame(g); err != nil {
		return reject(fmt.Errorf("storage: update game %d: %w", old.ID, err))
	}
	oldPlies, newPlies := old.game.Plies(), g.game.Plies()
	for i, p := range oldPlies {
		if newPlies[i].Move != p.Move {
			return bad("a move played")
		}
	}
	if g.Ply() > old.Ply() || !g.Active() {
		g.BoardDue = false // the new move's board, or the final one, is posted as usual
	}
	if g.Ply() > old.Ply() {
		g.Reminded = time.Time{}
		start := g.game.Start().ToMove()
		for i := old.Ply(); i < g.Ply(); i++ {
			mover := start
			if i%2 == 1 {
				mover = start.Other()
			}
			g.DrawBarred.Set(mover, false)
			if g.DrawOffer != tafl.NoSide && mover != g.DrawOffer {
				// Declined: the offerer may offer again after its next move.
				g.DrawBarred.Set(g.DrawOffer, true)
				g.DrawOffer = tafl.NoSide
			}
		}
		switch {
		case !g.Clock.IsZero():
			// Every new move presses the clock; a move after the flag
			// fell does not count. The move that ends the game stops
			// both clocks without its increment: the final board shows
			// the time the mover had, not time it never needed.
			for i := range g.Ply() - old.Ply() {
				press := g.Clock.Press
				if i == g.Ply()-old.Ply()-1 && !g.Active() {
					press = g.Clock.PressLast
				}
				if !press(now) {
					return rejectf("storage: update game %d: %w", old.ID, ErrFlagFell)
				}
			}
			g.Deadline = g.Clock.FlagAt()
		case g.ToMove().IsAI():
			g.Deadline = time.Time{} // the engine has no clock in a correspondence game
		case g.MoveTime > 0 && g.Deadline.Equal(old.Deadline):
			g.Deadline = now.Add(g.MoveTime)
			// A player on vacation gets the time from its end.
			if d, err := vacationDeadline(tx, g, now); err != nil {
				return err
			} else if !d.IsZero() {
				g.Deadline = d
			}
		}
	}
	g.Updated = now
	if !g.Active() {
		if g.Clock.Running != tafl.NoSide {
			stop := now
			if !old.Deadline.IsZero() && !old.Deadline.After(now) {
				stop = old.Deadline // ended by the flag: as of it, even when found out late (after a restart)
			}
			g.Clock.Stop(stop)
		}
		g.Deadline = time.Time{}
		g.DrawOffer = tafl.NoSide
		g.DrawBarred = DrawBars{}
		if old.Active() {
			if err := recordResult(tx, g, now); err != nil {
				return err
			}
			// A game won is mined for a puzzle (the bot): due from now
			// until MineDone, in this same transaction, so that neither
			// a shutdown nor a crash before the search loses it.
			g.MineDue = g.Outcome().Winner != tafl.NoSide
		}
	}
	return s.saveGame(tx, old, g)
}

// timeUp ends g, whose side to move ran out of time. Before both sides
// moved (fewer than MinRatedPlies moves) the game is aborted: a side
// that never made its first move does not lose, and its opponent does
// not win, a game that never began (as chess sites do). A tournament
// game, whose pairing needs a result, and any game after both sides
// moved, end by tafl.Game.FlagFall: the side to move loses, or the game
// is drawn on time when the other side cannot win.
func (g *Game) timeUp() error {
	if g.Ply() < MinRatedPlies && g.TournamentID == 0 {
		return g.game.Abort()
	}
	return g.game.FlagFall(g.game.ToMove())
}

// ExpireGame ends game id on time if it is active and its deadline is not
// after now: the side to move loses (or, when the other side lacks the
// material to win, the game is drawn on time: tafl.Game.FlagFall; before
// both sides moved it is aborted: Game.timeUp). It
// reports whether it did so, so that of several callers (and of
// UpdateGame's callers, which end such a game too) exactly one announces
// the timeout; the game is returned when it did.
func (s *Store) ExpireGame(ctx context.Context, id GameID, now time.Time) (*Game, bool, error) {
	g, err := s.updateGame(ctx, id, -1, now, func(*Game) error { return errNotDue })
	switch {
	case errors.Is(err, ErrTimedOut):
		return g, true, nil
	case errors.Is(err, errNotDue):
		return nil, false, nil
	case err != nil:
		return nil, false, err
	}
	return nil, false, nil
}

// errNotDue stops ExpireGame's update of a game that is not out of time.
var errNotDue = errors.New("storage: not due")

// MarkReminded records that the reminder for move number ply of game id
// is being sent. It reports false (and changes nothing) when a reminder
// for that move was already recorded, the game moved on or ended: of
// several callers exactly one gets true. A reminder whose sending then
// fails is not retried.
func (s *Store) MarkReminded(ctx context.Context, id GameID, ply int, at time.Time) (bool, error) {
	var ok bool
	_, err := s.UpdateGame(ctx, id, -1, func(g *Game) error {
		ok = g.Active() && g.Ply() == ply && g.Reminded.IsZero()
		if ok {
			g.Reminded = at
		}
		return nil
	})
	return ok, err
}

// GameFilter narrows [Store.GamesByPlayer].
type GameFilter struct {
	GuildID    string // GuildID keeps only games of this server ("" for all).
	ActiveOnly bool   // ActiveOnly skips finished games.
	Limit      int    // Limit caps the number of games returned (0: no limit).
}

// GamesByPlayer returns a user's games, active ones first, newest first
// within each group.
func (s *Store) GamesByPlayer(ctx context.Context, userID string, f GameFilter) ([]*Game, error) {
	var out []*Game
	err := s.view(ctx, func(tx txn) error {
		out = nil
		groups := []bool{true}
		if !f.ActiveOnly {
			groups = append(groups, false)
		}
		for _, active := range groups {
			limit := 0
			if f.Limit > 0 {
				limit = f.Limit - len(out)
			}
			err := tx.gamesByPlayer(userID, active, f.GuildID, limit, func(id GameID, data []byte) (bool, error) {
				g, err := s.listed(id, data)
				if err != nil {
					return false, err
				}
				if f.GuildID != "" && g.GuildID != f.GuildID {
					return true, nil
				}
				out = append(out, g)
				return f.Limit <= 0 || len(out) < f.Limit, nil
			})
			if err != nil || f.Limit > 0 && len(out) >= f.Limit {
				return err
			}
		}
		return nil
	})
	return out, err
}

// ActiveGamesInChannel returns the active games started in a channel or
// played in a thread, oldest first. Damaged index entries are skipped and
// reported as in GamesDueBefore.
func (s *Store) ActiveGamesInChannel(ctx context.Context, channelID string) ([]*Game, error) {
	return s.listGames(ctx, string(bucketActiveByChannel), func(tx txn, fn func(GameID, []byte) (bool, error)) error {
		return tx.activeGamesInChannel(channelID, fn)
	})
}

// FinishedGamesInChannel returns the finished games started in a channel
// or played in a thread, the one last saved (for a finished game, when it
// ended, unless it was changed since) first, at most limit (at least 1).
// Damaged index entries are skipped and reported as in GamesDueBefore.
func (s *Store) FinishedGamesInChannel(ctx context.Context, channelID string, limit int) ([]*Game, error) {
	if limit < 1 {
		limit = 1
	}
	var out []*Game
	var bad *IndexError
	err := s.view(ctx, func(tx txn) error {
		out, bad = nil, &IndexError{Index: string(bucketFinishedByChannel)}
		if sk, ok := tx.(damageSkipper); ok {
			tx = sk.skipDamaged(bad)
		}
		return tx.finishedGamesInChannel(channelID, limit, func(id GameID, data []byte) (bool, error) {
			g, err := s.listed(id, data)
			if err != nil {
				bad.add(idKey(uint64(id)), err)
				return true, nil
			}
			out = append(out, g)
			return len(out) < limit, nil
		})
	})
	if err != nil {
		return nil, err
	}
	return out, bad.orNil()
}

// ActiveGamesInGuild returns a server's active games, newest first, at
// most limit (0: all). With bbolt it reads every active game's record
// (decoding only those of the server); PostgreSQL selects them.
func (s *Store) ActiveGamesInGuild(ctx context.Context, guildID string, limit int) ([]*Game, error) {
	var out []*Game
	err := s.view(ctx, func(tx txn) error {
		out = nil
		return tx.activeGamesInGuild(guildID, limit, func(id GameID, data []byte) (bool, error) {
			g, err := s.listed(id, data)
			if err != nil {
				return false, err
			}
			if g.GuildID != guildID || !g.Active() {
				return true, nil
			}
			out = append(out, g)
			return limit <= 0 || len(out) < limit, nil
		})
	})
	return out, err
}

// GamesDueBefore returns the active games whose deadline is before t,
// earliest deadline first. With t = now they are the games to end on
// time (see [Store.ExpireGame]); with t = now + a margin, the games to
// remind (see [Store.MarkReminded]). A damaged index entry (a bad key, a
// missing or undecodable game) is skipped: the games that could be read
// are returned together with an *[IndexError] listing what was skipped,
// so one bad entry never stops the clocks of the other games.
func (s *Store) GamesDueBefore(ctx context.Context, t time.Time) ([]*Game, error) {
	limit := timeBits(t)
	return s.listGames(ctx, string(bucketDeadlines), func(tx txn, fn func(GameID, []byte) (bool, error)) error {
		return tx.gamesDue(limit, fn)
	})
}

// ActiveGameIDs returns the ids of the active games in id order, read
// from the active-games index alone (no game record is read).
func (s *Store) ActiveGameIDs(ctx context.Context) ([]GameID, error) {
	var out []GameID
	err := s.view(ctx, func(tx txn) error {
		out = nil
		return tx.activeGameIDs(func(id GameID) error {
			out = append(out, id)
			return nil
		})
	})
	return out, err
}

// ActiveGameCount returns how many games are active, counted in the
// active-games index without listing it (bbolt: from its pages;
// PostgreSQL: count(*) on a partial index), so /metrics can ask at every
// scrape.
func (s *Store) ActiveGameCount(ctx context.Context) (int, error) {
	var n int
	err := s.view(ctx, func(tx txn) error {
		var err error
		n, err = tx.activeGames()
		return err
	})
	return n, err
}

// EngineToMove returns the active games in which the engine is to move,
// in id order: the moves to make after a restart. Damaged index entries
// are skipped and reported as in GamesDueBefore.
func (s *Store) EngineToMove(ctx context.Context) ([]*Game, error) {
	return s.listGames(ctx, string(bucketEngineToMove), func(tx txn, fn func(GameID, []byte) (bool, error)) error {
		return tx.engineToMove(fn)
	})
}

// ActiveEngineSeats calls fn with the id and seats of every active game
// against an engine (taflbot's or an external one), in id order, inside
// one read transaction. Only the seats are decoded (no move is replayed);
// with bbolt only the records that name an engine seat are, and
// PostgreSQL selects them by its columns. fn's error stops the walk.
func (s *Store) ActiveEngineSeats(ctx context.Context, fn func(id GameID, attackers, defenders Seat) error) error {
	return s.view(ctx, func(tx txn) error {
		return tx.activeEngineGames(func(id GameID, data []byte) (bool, error) {
			if err := ctx.Err(); err != nil {
				return false, err
			}
			r, err := engineSeats(data)
			if err != nil {
				return false, fmt.Errorf("storage: game %d: %w: %w", id, ErrCorrupt, err)
			}
			if r.Attackers.AI == "" && r.Defenders.AI == "" {
				return true, nil
			}
			return true, fn(id, Seat{r.Attackers.User, r.Attackers.AI, r.Attackers.Name}, Seat{r.Defenders.User, r.Defenders.AI, r.Defenders.Name})
		})
	})
}

// BoardsDue returns the active games whose latest move's board never
// reached Discord (Game.BoardDue), in id order. Damaged index entries are
// skipped and reported as in GamesDueBefore.
func (s *Store) BoardsDue(ctx context.Context) ([]*Game, error) {
	return s.listGames(ctx, string(bucketBoardsDue), func(tx txn, fn func(GameID, []byte) (bool, error)) error {
		return tx.boardsDue(fn)
	})
}

// MarkBoardDue records that the board of move number ply of game id
// never reached Discord (Game.BoardDue), so that BoardsDue lists it. It
// reports false (and changes nothing) when the game moved on or ended:
// their boards are posted as usual. Nothing else about the game changes
// (not even Updated).
func (s *Store) MarkBoardDue(ctx context.Context, id GameID, ply int) (bool, error) {
	return s.setBoardDue(ctx, id, ply, true)
}

// ClaimBoardDue takes the board of move number ply of game id off
// BoardsDue before it is posted: of several callers exactly one gets
// true; it reports false (and changes nothing) when the board is not due
// (posted already, the game moved on or ended). Nothing else about the
// game changes.
func (s *Store) ClaimBoardDue(ctx context.Context, id GameID, ply int) (bool, error) {
	return s.setBoardDue(ctx, id, ply, false)
}

// setBoardDue sets Game.BoardDue of game id to due if the game is
// active at move ply and BoardDue is not due already.
func (s *Store) setBoardDue(ctx context.Context, id GameID, ply int, due bool) (bool, error) {
	var ok bool
	err := s.write(ctx, func(tx txn) error {
		ok = false
		old, err := s.loadGame(tx, id)
		if err != nil {
			return reject(err)
		}
		if !due && !old.BoardDue {
			// Listed yet not due: on PostgreSQL, a process of the version
			// before migration 8 saved the game (a move, its end) and left
			// games.board_due as it was; saved again, the column follows
			// the record.
			return s.saveGame(tx, old, old.clone())
		}
		if !old.Active() || old.Ply() != ply || old.BoardDue == due {
			return nil
		}
		g := old.clone()
		g.BoardDue = due
		ok = true
		return s.saveGame(tx, old, g)
	})
	if err != nil {
		return false, err
	}
	return ok, nil
}

// GamesToMine returns the finished games still to be mined for a puzzle
// (Game.MineDue), in id order: those whose search a shutdown cut short
// or kept waiting. Damaged index entries are skipped and reported as in
// GamesDueBefore.
func (s *Store) GamesToMine(ctx context.Context) ([]*Game, error) {
	return s.listGames(ctx, string(bucketGamesToMine), func(tx txn, fn func(GameID, []byte) (bool, error)) error {
		return tx.gamesToMine(fn)
	})
}

// MineDone records that game id was mined for a puzzle (whether one was
// found or not): it is no longer among GamesToMine. Nothing else about
// the game changes (not even Updated); a game not due is left alone.
func (s *Store) MineDone(ctx context.Context, id GameID) error {
	return s.write(ctx, func(tx txn) error {
		old, err := s.loadGame(tx, id)
		if err != nil {
			return reject(err)
		}
		if !old.MineDue {
			return nil
		}
		g := old.clone()
		g.MineDue = false
		return s.saveGame(tx, old, g)
	})
}

// listGames collects the games an index scan passes to fn, decoded
// without replaying their moves. A damaged entry (a bbolt index key that
// is malformed or names a missing game, a record that does not decode) is
// skipped: the games read are returned with an *IndexError naming index
// and the entries skipped.
func (s *Store) listGames(ctx context.Context, index string, scan func(tx txn, fn func(GameID, []byte) (bool, error)) error) ([]*Game, error) {
	var out []*Game
	var bad *IndexError
	err := s.view(ctx, func(tx txn) error {
		out, bad = nil, &IndexError{Index: index}
		if sk, ok := tx.(damageSkipper); ok {
			tx = sk.skipDamaged(bad)
		}
		return scan(tx, func(id GameID, data []byte) (bool, error) {
			g, err := s.listed(id, data)
			if err != nil {
				bad.add(idKey(uint64(id)), err)
				return true, nil
			}
			out = append(out, g)
			return true, nil
		})
	})
	if err != nil {
		return nil, err
	}
	return out, bad.orNil()
}

// damageSkipper is a txn whose index scans can skip damaged entries
// (bbolt's: index keys are stored apart from the records they name),
// reporting them to bad instead of failing.
type damageSkipper interface {
	skipDamaged(bad *IndexError) txn
}

// ActiveEngineGames counts the active games against the engine: those
// userID plays in (in every server) and those of server guildID (0 when
// guildID is ""). With bbolt the user's count reads that user's active
// games and the server's looks at every active game's record (no replay)
// and decodes the seats of those against the engine: 15 ms for 5,000
// active games of which 1,000 against the engine (BenchmarkScans100k);
// PostgreSQL counts from its columns.
func (s *Store) ActiveEngineGames(ctx context.Context, userID, guildID string) (user, guild int, err error) {
	err = s.view(ctx, func(tx txn) error {
		var err error
		user, guild, err = tx.engineGames(userID, guildID)
		return err
	})
	if err != nil {
		return 0, 0, fmt.Errorf("storage: count games against the engine: %w", err)
	}
	return user, guild, nil
}

// seatsRecord is the part of a game record that says who plays.
type seatsRecord struct {
	Guild     string     `json:"guild"`
	Attackers seatRecord `json:"attackers"`
	Defenders seatRecord `json:"defenders"`
}

// engineSeats decodes a game record's server and seats. encodeGame writes
// them before the move list, so the decoding stops there; a record in
// another order is decoded whole.
func engineSeats(data []byte) (seatsRecord, error) {
	var r seatsRecord
	dec := json.NewDecoder(bytes.NewReader(data))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return r, json.Unmarshal(data, &r)
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return r, err
		}
		var dst any
		switch t {
		case "guild":
			dst = &r.Guild
		case "attackers":
			dst = &r.Attackers
		case "defenders":
			dst = &r.Defenders
		case "moves":
			return r, json.Unmarshal(data, &r)
		default:
			dst = new(json.RawMessage)
		}
		if err := dec.Decode(dst); err != nil {
			return r, err
		}
		if t == "defenders" {
			return r, nil
		}
	}
	return r, nil
}

// GameReads returns how many game records the store has read from the
// database since it was opened (tests use it to check start-up work).
func (s *Store) GameReads() uint64 { return s.gameReads.Load() }

// ForEachGame calls fn with every game in id order, inside one read
// transaction (for export and checks); fn's error stops the walk. A
// record that does not decode (or names another id) is passed to damaged
// with its key's id and the error, and the walk goes
// on to the next game unless damaged returns an error; with damaged nil,
// that error stops the walk.
func (s *Store) ForEachGame(ctx context.Context, fn func(*Game) error, damaged func(id GameID, err error) error) error {
	return s.view(ctx, func(tx txn) error {
		return tx.forEach(kindGames, func(k, v []byte) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			s.gameReads.Add(1)
			id, err := keyID(k)
			if err != nil {
				return err
			}
			g, err := decodeGame(v)
			if err == nil && g.ID != GameID(id) {
				err = fmt.Errorf("the record says id %d", g.ID)
			}
			if err != nil {
				err = fmt.Errorf("storage: game %d: %w", id, err)
				if damaged == nil {
					return err
				}
				return damaged(GameID(id), err)
			}
			return fn(g)
		})
	})
}

// ForEachGameSeats calls fn with every game's id and seats, in id order,
// inside one read transaction. It decodes the record only up to the seats
// (encodeGame writes them before the move list): no move is replayed, so
// it costs a fraction of ForEachGame, and a game whose moves are damaged
// is passed like any other. A record whose seats do not decode stops the
// walk with an error wrapping ErrCorrupt.
func (s *Store) ForEachGameSeats(ctx context.Context, fn func(id GameID, attackers, defenders Seat) error) error {
	return s.view(ctx, func(tx txn) error {
		return tx.forEach(kindGames, func(k, v []byte) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			s.gameReads.Add(1)
			id, err := keyID(k)
			if err != nil {
				return err
			}
			r, err := engineSeats(v)
			if err != nil {
				return fmt.Errorf("storage: game %d: %w: %w", id, ErrCorrupt, err)
			}
			return fn(GameID(id), Seat{r.Attackers.User, r.Attackers.AI, r.Attackers.Name}, Seat{r.Defenders.User, r.Defenders.AI, r.Defenders.Name})
		})
	})
}

// listed decodes a game found through an index, without replaying its
// moves (see Game.Tafl).
func (s *Store) listed(id GameID, data []byte) (*Game, error) {
	s.gameReads.Add(1)
	g, err := s.cache.decodeLazy(id, data)
	if err == nil && g.ID != id {
		err = fmt.Errorf("%w: the record says id %d", ErrCorrupt, g.ID)
	}
	if err != nil {
		return nil, fmt.Errorf("storage: game %d: %w", id, err)
	}
	return g, nil
}

// startHash returns the hash of the game's start position.
func startHash(g *tafl.Game) uint64 {
	p := g.Start()
	return p.Hash()
}
