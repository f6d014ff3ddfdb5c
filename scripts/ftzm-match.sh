#!/usr/bin/env bash
# ftzm-match.sh — a taflbot player against ftzm's Copenhagen engine
# (github.com/ftzm/hnefatafl, libhnefatafl) at equal time per move, through
# tools/ftzmotep. One game at a time, the sides swapped every game, so the
# load of a shared machine falls on both engines alike. Prints tafl
# match's summary, then the games by how they ended (tafl results), once
# as the rules score them and once with repetitions counted as draws.
# With SELF=1 it plays each engine against itself instead (below).
#
# This script only runs the peer it is given; it does not fetch or build
# it. Build the library by hand outside the repository, with a small line
# driver around it (the protocol is in tools/ftzmotep's doc comment), and
# give the driver's path:
#
#   PEER_FTZM_PLAY   the driver (required)
#   P1               the taflbot player (default hard)
#   TIME             time per move for both (default 500ms)
#   GAMES            games (default 100; pairs from the same opening)
#   OPENINGS         openings file (default: none, tafl match's own openings of
#                    4 random plies, each played twice with the sides swapped)
#   OUT              directory for the records (default: a temporary one);
#                    one holding an earlier match's records (game-NNNN.otg)
#                    is refused before anything is built or played, unless
#                    FORCE=1, which removes those records first (only
#                    those, as tafl match -force does)
#   SEED             tafl match -seed (default: none given, tafl match's 1):
#                    the random openings' seed; with OPENINGS tafl match
#                    refuses it unless P1 is easy or medium (nothing is random)
#   SELF             1: instead of P1 against the peer, play each engine
#                    against itself (the peer, then P1, one match after the
#                    other, the same openings, time and rule) and print both:
#                    how often each one's attackers win between equals
#   REP              the repetition rule: forbidden (default; the peer's own:
#                    its library refuses a move making a third occurrence, so
#                    no game is decided by repetition and both engines play
#                    one game) or defenders-lose (taflbot's Copenhagen; the
#                    peer's search then walks into repetitions it thinks it
#                    wins, see docs/ENGINE.md)
#
# Usage: PEER_FTZM_PLAY=/tmp/peers/ftzm/ftzm-driver nice -n 19 scripts/ftzm-match.sh
set -euo pipefail
cd "$(dirname "$0")/.."

: "${PEER_FTZM_PLAY:?set PEER_FTZM_PLAY to the driver program around the ftzm engine}"
P1=${P1:-hard}
TIME=${TIME:-500ms}
GAMES=${GAMES:-100}
OPENINGS=${OPENINGS:-}
SEED=${SEED:-}
REP=${REP:-forbidden}
SELF=${SELF:-0}
FORCE=${FORCE:-0}
case $FORCE in
0 | 1) ;;
*) echo "FORCE must be 0 or 1" >&2; exit 2 ;;
esac
case $SELF in
0 | 1) ;;
*) echo "SELF must be 0 or 1" >&2; exit 2 ;;
esac
case $REP in
forbidden | defenders-lose) game=(-variant copenhagen -repetition "$REP") ;;
*) echo "REP must be forbidden or defenders-lose" >&2; exit 2 ;;
esac

# A used OUT is refused up front: tafl match refuses it too, and the
# records of the earlier match were then tabulated as if they were this
# one's (the refusal scrolled past, the exit status 0).
if [[ -n ${OUT:-} ]]; then
  case $SELF in
  0) dirs=("$OUT") ;;
  1) dirs=("$OUT/peer" "$OUT/p1") ;;
  esac
  for d in "${dirs[@]}"; do
    if [[ $FORCE == 1 && -d $d ]]; then
      find "$d" -maxdepth 1 -name 'game-[0-9]*.otg' -delete
    fi
    used=$(find "$d" -maxdepth 1 -name 'game-[0-9]*.otg' -print -quit 2>/dev/null || true)
    if [[ -n $used ]]; then
      echo "ftzm-match.sh: OUT=$OUT holds an earlier match's game records ($used, …)," >&2
      echo "which this match would overwrite and mix with its own: give a new or empty OUT folder, or FORCE=1 to remove them first" >&2
      exit 1
    fi
  done
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
OUT=${OUT:-$work/games}
go build -o "$work/tafl" ./cmd/tafl
go build -o "$work/ftzmotep" ./tools/ftzmotep

peer="otep:$work/ftzmotep -peer $PEER_FTZM_PLAY -time $TIME"

# match P1 P2 DIR: one match, one game at a time, then its games by how
# they ended, as the rules score them and with repetitions as draws. A
# match that failed with games played (an engine's error loses the game;
# an interrupted match) is still tabulated, and the script exits 1 at the
# end; one refused or failed before any game stops the script.
status=0
match() {
  local s=0
  "$work/tafl" match "${game[@]}" -p1 "$1" -p2 "$2" \
    -time "$TIME" -games "$GAMES" ${OPENINGS:+-openings "$OPENINGS"} ${SEED:+-seed "$SEED"} \
    -concurrency 1 -progress=false -out "$3" || s=$?
  if ((s != 0)); then
    if ((s == 2)) || [[ -z $(find "$3" -maxdepth 1 -name 'game-[0-9]*.otg' -print -quit 2>/dev/null) ]]; then
      echo "ftzm-match.sh: tafl match failed before any game (exit status $s): see its message above" >&2
      exit "$s"
    fi
    echo "ftzm-match.sh: tafl match ended with exit status $s (see its summary above); its games so far:" >&2
    status=1
  fi
  echo
  "$work/tafl" results "$3"
  echo
  "$work/tafl" results -draw repetition "$3"
}

case $SELF in
0) match "$P1" "$peer" "$OUT" ;;
1)
  echo "== the peer against itself"
  match "$peer" "$peer" "$OUT/peer"
  echo
  echo "== $P1 against itself"
  match "$P1" "$P1" "$OUT/p1"
  ;;
esac
exit "$status"
