package ai

import (
	"math/rand/v2"

	"github.com/taflbot/taflbot/tafl"
)

// pickNoisy chooses, by lim.Seed, among the root moves that scored within
// lim.Noise of the best. A forced win is always played (the fastest), and
// a move that loses by force is never chosen while another does not.
func (s *searcher) pickNoisy(res Result, lim Limits) Result {
	best := int32(res.Score)
	if best > mateBound || best < -mateBound {
		return res
	}
	var cand []tafl.Move
	var scores []int32
	for _, rm := range s.root {
		if rm.score < -mateBound || rm.score == -infinity {
			continue
		}
		if rm.score >= best-int32(lim.Noise) {
			cand = append(cand, rm.move)
			scores = append(scores, rm.score)
		}
	}
	if len(cand) == 0 {
		return res
	}
	r := rand.New(rand.NewPCG(lim.Seed, lim.Seed^0x9e3779b97f4a7c15))
	i := r.IntN(len(cand))
	if cand[i] != res.Move {
		res.Move = cand[i]
		res.Score = int(scores[i])
		res.PV = []tafl.Move{cand[i]}
	}
	return res
}
