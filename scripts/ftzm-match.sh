#!/usr/bin/env bash
# ftzm-match.sh — a taflbot player against ftzm's Copenhagen engine
# (github.com/ftzm/hnefatafl, libhnefatafl) at equal time per move, through
# tools/ftzmotep. One game at a time, the sides swapped every game, so the
# load of a shared machine falls on both engines alike. Prints tafl
# match's summary, then the games by how they ended (tafl results), once
# as the rules score them and once with repetitions counted as draws.
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
#   OUT              directory for the records (default: a temporary one)
#   SEED             tafl match -seed (default 1)
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
SEED=${SEED:-1}
REP=${REP:-forbidden}
case $REP in
forbidden | defenders-lose) game=(-variant copenhagen -repetition "$REP") ;;
*) echo "REP must be forbidden or defenders-lose" >&2; exit 2 ;;
esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
OUT=${OUT:-$work/games}
go build -o "$work/tafl" ./cmd/tafl
go build -o "$work/ftzmotep" ./tools/ftzmotep

"$work/tafl" match "${game[@]}" -p1 "$P1" \
  -p2 "otep:$work/ftzmotep -peer $PEER_FTZM_PLAY -time $TIME" \
  -time "$TIME" -games "$GAMES" ${OPENINGS:+-openings "$OPENINGS"} -seed "$SEED" \
  -concurrency 1 -progress=false -out "$OUT" || true
echo
"$work/tafl" results "$OUT"
echo
"$work/tafl" results -draw repetition "$OUT"
