package tournament

import (
	"errors"
	"fmt"
	"slices"
)

// Format is a tournament's pairing system. Stored by name: append only.
type Format uint8

// The formats. The zero value is invalid.
const (
	NoFormat   Format = iota // NoFormat is the invalid zero value.
	RoundRobin               // RoundRobin: everyone plays everyone.
	Swiss                    // Swiss: a set number of rounds, players with equal points paired.
)

var formatNames = [...]string{"", "round-robin", "swiss"}

// String returns "round-robin" or "swiss".
func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return "unknown"
}

// ParseFormat reads a name written by [Format.String].
func ParseFormat(text string) (Format, error) {
	for i, n := range formatNames {
		if i > 0 && n == text {
			return Format(i), nil
		}
	}
	return NoFormat, fmt.Errorf("tournament: unknown format %q: use round-robin or swiss", text)
}

// Result is how a tournament game ended. Stored by name: append only.
type Result uint8

// The results. The zero value means the game is not over yet.
const (
	Pending      Result = iota // Pending: not played to the end yet.
	AttackersWin               // AttackersWin: the player with the attackers won.
	DefendersWin               // DefendersWin: the player with the defenders won.
	Draw                       // Draw: half a point each.
	BothForfeit                // BothForfeit: neither played (both withdrew): no points.
)

var resultNames = [...]string{"pending", "attackers", "defenders", "draw", "none"}

// String returns the result's stored name.
func (r Result) String() string {
	if int(r) < len(resultNames) {
		return resultNames[r]
	}
	return "unknown"
}

// ParseResult reads a name written by [Result.String].
func ParseResult(text string) (Result, error) {
	for i, n := range resultNames {
		if n == text {
			return Result(i), nil
		}
	}
	return Pending, fmt.Errorf("tournament: unknown result %q", text)
}

// Player is one entrant.
type Player struct {
	ID     string  // ID identifies the player (a Discord user id).
	Rating float64 // Rating seeds the player: higher first.
	// Withdrawn is the round after which the player left (0: still in;
	// a player who left before round 1 is removed instead).
	Withdrawn int
}

// Game is one pairing of a round.
type Game struct {
	Round     int    // Round is 1 for the first round.
	Attackers string // Attackers is the id of the player with the attackers.
	Defenders string // Defenders is the id of the player with the defenders.
	Result    Result // Result is Pending until the game ends.
	Forfeit   bool   // Forfeit: the game was not played (a player had withdrawn).
	GameID    uint64 // GameID is the caller's game (0 until created, and for forfeits).
}

// Points returns the points player id scored in g (0 if not in it).
func (g Game) Points(id string) float64 {
	switch {
	case g.Result == Draw && (id == g.Attackers || id == g.Defenders):
		return 0.5
	case g.Result == AttackersWin && id == g.Attackers, g.Result == DefendersWin && id == g.Defenders:
		return 1
	}
	return 0
}

// Opponent returns the other player of g.
func (g Game) Opponent(id string) string {
	if id == g.Attackers {
		return g.Defenders
	}
	return g.Attackers
}

// Has reports whether player id plays in g.
func (g Game) Has(id string) bool { return id == g.Attackers || id == g.Defenders }

// Bye is a round a player did not play: in a Swiss it scores a point;
// in a round robin with an odd number of players it is a rest (no points).
type Bye struct {
	Round  int
	Player string
}

// Tournament is the state of one tournament. Change it only through its
// methods; it is a plain value the caller stores.
type Tournament struct {
	Format Format
	// Rounds is the number of rounds: set by the caller for a Swiss
	// (1 to MaxRounds), computed by Start for a round robin.
	Rounds int
	// Double plays every pairing with both sides: in a round robin each
	// pair meets twice, in a Swiss two players may meet twice (once
	// with each side).
	Double  bool
	Players []Player // Players in seed order once started (join order before).
	Games   []Game   // Games of all rounds paired so far, round by round.
	Byes    []Bye    // Byes of the rounds paired so far.
	Round   int      // Round is the current round (0: not started).
	// Finished is set when the last round is over (or no further Swiss
	// round could be paired).
	Finished bool
}

// Limits.
const (
	MaxPlayers = 256 // MaxPlayers bounds a tournament's entrants.
	MaxRounds  = 30  // MaxRounds bounds a Swiss tournament's rounds.
)

// Errors of the tournament's methods; the bot shows them to users.
var (
	ErrStarted     = errors.New("tournament: it has already started")
	ErrNotStarted  = errors.New("tournament: it has not started yet")
	ErrFinished    = errors.New("tournament: it is over")
	ErrFull        = errors.New("tournament: it is full")
	ErrJoined      = errors.New("tournament: already signed up")
	ErrNotEntered  = errors.New("tournament: not signed up")
	ErrTooFew      = errors.New("tournament: at least two players are needed")
	ErrRoundActive = errors.New("tournament: the round is not over yet")
	ErrNoGame      = errors.New("tournament: no such game in the current round")
)

// Check reports whether the settings are valid.
func (t *Tournament) Check() error {
	switch {
	case t.Format != RoundRobin && t.Format != Swiss:
		return fmt.Errorf("tournament: unknown format %v", t.Format)
	case t.Format == Swiss && (t.Rounds < 1 || t.Rounds > MaxRounds):
		return fmt.Errorf("tournament: a Swiss needs 1 to %d rounds, not %d", MaxRounds, t.Rounds)
	case len(t.Players) > MaxPlayers:
		return fmt.Errorf("tournament: more than %d players", MaxPlayers)
	}
	return nil
}

// Started reports whether round 1 has been paired.
func (t *Tournament) Started() bool { return t.Round > 0 }

// Player returns the player with id, or nil.
func (t *Tournament) Player(id string) *Player {
	for i := range t.Players {
		if t.Players[i].ID == id {
			return &t.Players[i]
		}
	}
	return nil
}

// Join signs a player up before the start.
func (t *Tournament) Join(id string, rating float64) error {
	switch {
	case t.Started():
		return ErrStarted
	case t.Player(id) != nil:
		return ErrJoined
	case len(t.Players) >= MaxPlayers:
		return ErrFull
	}
	t.Players = append(t.Players, Player{ID: id, Rating: rating})
	return nil
}

// Leave takes a player off the list before the start (after it, see
// Withdraw). Someone not signed up gets ErrNotEntered, also after the
// start (ErrStarted would tell them to withdraw).
func (t *Tournament) Leave(id string) error {
	i := slices.IndexFunc(t.Players, func(p Player) bool { return p.ID == id })
	switch {
	case i < 0:
		return ErrNotEntered
	case t.Started():
		return ErrStarted
	}
	t.Players = slices.Delete(t.Players, i, i+1)
	return nil
}

// Start seeds the players (by rating, highest first; equal ratings keep
// the order they joined in), fixes the number of rounds of a round robin
// and pairs round 1. It returns the games of round 1.
func (t *Tournament) Start() ([]Game, error) {
	if t.Started() {
		return nil, ErrStarted
	}
	if err := t.Check(); err != nil {
		return nil, err
	}
	if len(t.Players) < 2 {
		return nil, ErrTooFew
	}
	slices.SortStableFunc(t.Players, func(a, b Player) int {
		switch {
		case a.Rating > b.Rating:
			return -1
		case a.Rating < b.Rating:
			return 1
		}
		return 0
	})
	if t.Format == RoundRobin {
		ids := t.ids(false)
		sched := RoundRobinSchedule(len(ids), t.Double)
		t.Rounds = len(sched)
		for r, round := range sched {
			for _, p := range round.Pairs {
				t.Games = append(t.Games, Game{Round: r + 1, Attackers: ids[p[0]], Defenders: ids[p[1]]})
			}
			if round.Bye >= 0 {
				t.Byes = append(t.Byes, Bye{Round: r + 1, Player: ids[round.Bye]})
			}
		}
	}
	return t.begin(1)
}

// ids returns the players' ids in seed order (without the withdrawn ones
// when active is set).
func (t *Tournament) ids(active bool) []string {
	var out []string
	for _, p := range t.Players {
		if !active || p.Withdrawn == 0 {
			out = append(out, p.ID)
		}
	}
	return out
}

// begin makes round r current: a Swiss round is paired now; round-robin
// games against withdrawn players become forfeits. It returns the games
// to play.
func (t *Tournament) begin(r int) ([]Game, error) {
	if t.Format == Swiss {
		games, bye, err := PairSwiss(t.swissPlayers(), t.Double, t.Rounds-r)
		if err != nil {
			if t.Started() {
				t.Finished = true // nothing left to pair: the tournament ends early
				return nil, nil
			}
			return nil, err
		}
		for _, g := range games {
			g.Round = r
			t.Games = append(t.Games, g)
		}
		if bye != "" {
			t.Byes = append(t.Byes, Bye{Round: r, Player: bye})
		}
	}
	t.Round = r
	var play []Game
	for i := range t.Games {
		g := &t.Games[i]
		if g.Round != r || g.Result != Pending {
			continue
		}
		a, d := t.Player(g.Attackers).Withdrawn != 0, t.Player(g.Defenders).Withdrawn != 0
		switch {
		case a && d:
			g.Result, g.Forfeit = BothForfeit, true
		case a:
			g.Result, g.Forfeit = DefendersWin, true
		case d:
			g.Result, g.Forfeit = AttackersWin, true
		default:
			play = append(play, *g)
		}
	}
	if len(play) == 0 {
		// Every game of the round was a forfeit: go on at once.
		return t.Advance()
	}
	return play, nil
}

// swissPlayers returns the active players with their history, ranked for
// pairing: by points, then seed.
func (t *Tournament) swissPlayers() []SwissPlayer {
	var out []SwissPlayer
	for seed, p := range t.Players {
		if p.Withdrawn != 0 {
			continue
		}
		sp := SwissPlayer{ID: p.ID, Seed: seed}
		for _, g := range t.Games {
			if !g.Has(p.ID) || g.Forfeit {
				sp.Points += g.Points(p.ID)
				continue
			}
			sp.Points += g.Points(p.ID)
			side := Attackers
			if g.Defenders == p.ID {
				side = Defenders
			}
			sp.History = append(sp.History, Meeting{Opponent: g.Opponent(p.ID), Side: side})
		}
		for _, b := range t.Byes {
			if b.Player == p.ID {
				sp.Points++
				sp.Byes++
			}
		}
		out = append(out, sp)
	}
	slices.SortStableFunc(out, func(a, b SwissPlayer) int {
		switch {
		case a.Points > b.Points:
			return -1
		case a.Points < b.Points:
			return 1
		}
		return a.Seed - b.Seed
	})
	return out
}

// SetResult records the result of the current round's game between
// attackers and defenders. Recording a result twice is harmless (the
// first stands). It reports whether the round is now complete.
func (t *Tournament) SetResult(attackers, defenders string, r Result) (bool, error) {
	if !t.Started() {
		return false, ErrNotStarted
	}
	for i := range t.Games {
		g := &t.Games[i]
		if g.Round == t.Round && g.Attackers == attackers && g.Defenders == defenders {
			if g.Result == Pending {
				g.Result = r
			}
			return t.RoundComplete(), nil
		}
	}
	return false, ErrNoGame
}

// SetGameID records the caller's game id for the current round's game
// between attackers and defenders.
func (t *Tournament) SetGameID(attackers, defenders string, id uint64) error {
	for i := range t.Games {
		g := &t.Games[i]
		if g.Round == t.Round && g.Attackers == attackers && g.Defenders == defenders {
			g.GameID = id
			return nil
		}
	}
	return ErrNoGame
}

// RoundComplete reports whether every game of the current round has a result.
func (t *Tournament) RoundComplete() bool {
	if !t.Started() {
		return false
	}
	for _, g := range t.Games {
		if g.Round == t.Round && g.Result == Pending {
			return false
		}
	}
	return true
}

// Advance moves on to the next round once the current one is complete
// and returns its games to play; after the last round it sets Finished
// and returns none.
func (t *Tournament) Advance() ([]Game, error) {
	switch {
	case !t.Started():
		return nil, ErrNotStarted
	case t.Finished:
		return nil, ErrFinished
	case !t.RoundComplete():
		return nil, ErrRoundActive
	}
	if t.Round >= t.Rounds || len(t.ids(true)) < 2 {
		t.Finished = true
		return nil, nil
	}
	return t.begin(t.Round + 1)
}

// Withdraw takes a player out after the start: they play no more games.
// It returns their game of the current round if it is still pending, so
// that the caller can end it (the result then comes through SetResult).
func (t *Tournament) Withdraw(id string) (*Game, error) {
	// Someone who never signed up is told so, not to sign off.
	p := t.Player(id)
	if p == nil {
		return nil, ErrNotEntered
	}
	if !t.Started() {
		return nil, ErrNotStarted
	}
	if t.Finished {
		return nil, ErrFinished
	}
	if p.Withdrawn != 0 {
		return nil, nil
	}
	p.Withdrawn = t.Round
	for _, g := range t.Games {
		if g.Round == t.Round && g.Has(id) && g.Result == Pending {
			return &g, nil
		}
	}
	return nil, nil
}

// CurrentGames returns the games of the current round.
func (t *Tournament) CurrentGames() []Game {
	var out []Game
	for _, g := range t.Games {
		if g.Round == t.Round {
			out = append(out, g)
		}
	}
	return out
}
