package corpus_test

import (
	"os"
	"strings"
	"testing"

	"github.com/taflbot/taflbot/internal/corpus"
	"github.com/taflbot/taflbot/tafl"
)

func TestReadAndReplay(t *testing.T) {
	in := "d1-d3 e5-e2 g1-g3 f4-c4 g3-e3xe2,1,0,Ongoing\n\nj6-j10 f8-i8 f10-c10 f7-f10 a7-d7 f6-f9 b6-b9 f9-k9 j10-k10 k9-j9 k10-j10 j9-j1,0,0,White\n"
	recs, err := corpus.Read(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 2 || recs[0].Line != 1 || recs[1].Line != 3 || recs[1].Status != "White" {
		t.Fatalf("records = %+v", recs)
	}
	if got := recs[0].Moves[4]; got != "g3-e3" {
		t.Errorf("move 5 = %q, want the capture cut off: g3-e3", got)
	}
	v, _ := tafl.Preset("copenhagen", "")
	g, n := recs[0].Game(v)
	if n != 5 || g.Len() != 5 || g.Plies()[4].Captures[0].String() != "e2" {
		t.Errorf("game 1: %d moves played, plies %v", n, g.Plies())
	}
	g, n = recs[1].Game(v)
	if n != 12 || g.Outcome() != (tafl.Outcome{Winner: tafl.Defenders, Reason: tafl.Resignation}) {
		t.Errorf("game 2: %d moves played, outcome %v; want 12 and the attackers resigned (j1 is no corner)", n, g.Outcome())
	}
}

// TestUnrecordedEnds: a record that names a winner no rule made ends in
// the loser's resignation, or with a timeout token on time.
func TestUnrecordedEnds(t *testing.T) {
	recs, err := corpus.Read(strings.NewReader("d1-d3 e5-e2,0,0,Black\nd1-d3 e5-e2 timeout,0,0,White\nd1-d3 e5-e2,0,0,Ongoing\n"))
	if err != nil {
		t.Fatal(err)
	}
	v, _ := tafl.Preset("copenhagen", "")
	want := []tafl.Outcome{{Winner: tafl.Attackers, Reason: tafl.Resignation}, {Winner: tafl.Defenders, Reason: tafl.Timeout}, {}}
	for i, r := range recs {
		if g, _ := r.Game(v); g.Outcome() != want[i] {
			t.Errorf("record %d: outcome %v, want %v", i+1, g.Outcome(), want[i])
		}
	}
}

func TestReadRefusesBadLines(t *testing.T) {
	_, err := corpus.Read(strings.NewReader("d1-d3,0,0,Ongoing\nd1-d3,0,Ongoing\n"))
	if err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("err = %v, want one naming line 2", err)
	}
}

func TestIllegalMoveStopsReplay(t *testing.T) {
	recs, err := corpus.Read(strings.NewReader("d1-d3 d3-d1 e5-e2,0,0,Ongoing\n"))
	if err != nil {
		t.Fatal(err)
	}
	v, _ := tafl.Preset("copenhagen", "")
	if g, n := recs[0].Game(v); n != 1 || g.Len() != 1 {
		t.Errorf("replay of an illegal second move played %d moves", n)
	}
}

// TestTheCorpus reads the real file: its finished games mostly replay to
// the recorded result.
func TestTheCorpus(t *testing.T) {
	f, err := os.Open("../../../shared/corpora/copenhagen-games.csv")
	if err != nil {
		t.Fatalf("the corpus is needed for this test: %v", err)
	}
	defer f.Close()
	recs, err := corpus.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 1752 {
		t.Fatalf("%d records, want 1752", len(recs))
	}
	v, _ := tafl.Preset("copenhagen", "")
	agree, won := 0, 0
	for _, r := range recs {
		want := map[string]tafl.Side{"Black": tafl.Attackers, "White": tafl.Defenders}[r.Status]
		if want == tafl.NoSide {
			continue
		}
		won++
		if g, _ := r.Game(v); g.Outcome().Winner == want {
			agree++
		}
	}
	if agree < won*95/100 {
		t.Errorf("%d of %d won games replay to the recorded winner, want 95 %%", agree, won)
	}
}
