package tournament

import "slices"

// Standing is one player's line in the standings.
type Standing struct {
	Rank      int     // Rank is 1 for the leader; tied players share it.
	Player    string  // Player is the id.
	Seed      int     // Seed is the player's place in the seeding (0 first).
	Points    float64 // Points: win or forfeit win 1, draw ½, Swiss bye 1.
	Games     int     // Games counts the games with a result, forfeits included.
	Wins      int     // Wins counts wins, forfeit wins included.
	Draws     int
	Losses    int
	Byes      int     // Byes counts rounds without a game.
	Buchholz  float64 // Buchholz is the sum of the opponents' points.
	SB        float64 // SB is the Sonneborn–Berger score.
	Withdrawn bool    // Withdrawn: the player left the tournament.
}

// Tiebreak returns the first tie-break of the format's standings:
// Sonneborn–Berger in a round robin, Buchholz in a Swiss.
func (s Standing) Tiebreak(f Format) float64 {
	if f == Swiss {
		return s.Buchholz
	}
	return s.SB
}

// TiebreakName names the first tie-break of a format ("SB" or "Buchholz").
func TiebreakName(f Format) string {
	if f == Swiss {
		return "Buchholz"
	}
	return "SB"
}

// Standings ranks the players from the results so far: by points, then
// (round robin) Sonneborn–Berger and wins, or (Swiss) Buchholz,
// Sonneborn–Berger and wins. Players equal on all of these share a rank
// and are listed by seed.
func (t *Tournament) Standings() []Standing {
	out := make([]Standing, len(t.Players))
	index := map[string]int{}
	for i, p := range t.Players {
		out[i] = Standing{Player: p.ID, Seed: i, Withdrawn: p.Withdrawn != 0}
		index[p.ID] = i
	}
	for _, g := range t.Games {
		if g.Result == Pending {
			continue
		}
		for _, id := range []string{g.Attackers, g.Defenders} {
			s := &out[index[id]]
			s.Games++
			switch pts := g.Points(id); {
			case g.Result == BothForfeit || pts == 0:
				s.Losses++
			case pts == 1:
				s.Wins++
			default:
				s.Draws++
			}
			s.Points += g.Points(id)
		}
	}
	for _, b := range t.Byes {
		if b.Round > t.Round {
			continue // a round-robin rest still to come
		}
		s := &out[index[b.Player]]
		s.Byes++
		if t.Format == Swiss {
			s.Points++
		}
	}
	for _, g := range t.Games {
		if g.Result == Pending || g.Result == BothForfeit {
			continue
		}
		for _, id := range []string{g.Attackers, g.Defenders} {
			s, opp := &out[index[id]], out[index[g.Opponent(id)]]
			s.Buchholz += opp.Points
			s.SB += g.Points(id) * opp.Points
		}
	}
	slices.SortStableFunc(out, func(a, b Standing) int { return t.compare(&a, &b) })
	for i := range out {
		if i > 0 && t.compare(&out[i-1], &out[i]) == 0 {
			out[i].Rank = out[i-1].Rank
		} else {
			out[i].Rank = i + 1
		}
	}
	return out
}

// compare orders two standings, better first; equal standings compare 0
// (the stable sort then keeps seed order).
func (t *Tournament) compare(a, b *Standing) int {
	keys := [][2]float64{{a.Points, b.Points}}
	if t.Format == Swiss {
		keys = append(keys, [2]float64{a.Buchholz, b.Buchholz})
	}
	keys = append(keys, [2]float64{a.SB, b.SB}, [2]float64{float64(a.Wins), float64(b.Wins)})
	for _, k := range keys {
		switch {
		case k[0] > k[1]:
			return -1
		case k[0] < k[1]:
			return 1
		}
	}
	return 0
}
