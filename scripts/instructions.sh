#!/usr/bin/env bash
# instructions.sh — the instructions executed per perft leaf and per search
# node by taflbot and by ftzm's C engine, counted by valgrind's cachegrind
# (its "I refs"). Unlike scripts/peers.sh's CPU seconds, the counts do not
# depend on the machine's load or on other programs running: the same
# build and input give the same count within a few hundredths of a percent,
# so a change's cost can be read on a busy machine. Instructions are not
# time (one program may retire more of them per cycle than the other);
# peers.sh stays the measure of the goal.
#
# Peers as in scripts/peers.sh (PEER_FTZM, PEER_FTZM_LTO, PEER_FTZM_COUNT),
# each skipped when unset; TAFL as there (default: built from this
# checkout, no profile). Options: PERFT_DEPTH (4), FTZM_SEARCH_DEPTH (5),
# TAFL_SEARCH_NODES (4000000).
#
# Usage: PEER_FTZM_LTO=/tmp/peers/ftzm-lto PEER_FTZM_COUNT=/tmp/peers/ftzm-count \
#          scripts/instructions.sh
set -euo pipefail
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "instructions.sh needs valgrind (apt-get install valgrind)" >&2; exit 2; }

PERFT_DEPTH=${PERFT_DEPTH:-4}
FTZM_SEARCH_DEPTH=${FTZM_SEARCH_DEPTH:-5}
TAFL_SEARCH_NODES=${TAFL_SEARCH_NODES:-4000000}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "${TAFL:-}" ]; then
  go build -pgo=off -o "$work/tafl" ./cmd/tafl
  TAFL=$work/tafl
fi

# ir CMD... runs CMD under cachegrind, leaves its output in $work/out and
# prints the instructions it executed.
ir() {
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$@" >"$work/out" 2>"$work/vg"
  sed -n 's/.*I *refs: *\([0-9,]*\).*/\1/p' "$work/vg" | tr -d ,
}

distinct=""
if [ -n "${PEER_FTZM_COUNT:-}" ]; then
  distinct=$("$PEER_FTZM_COUNT" search "$FTZM_SEARCH_DEPTH" | sed -n 's/.* distinct \([0-9]*\).*/\1/p')
fi

echo "| measure | count | instructions | per unit | peer ÷ taflbot |"
echo "|---|---|---|---|---|"
row() { # name, unit, count, instructions, taflbot's instructions per unit (empty for taflbot)
  awk -v name="$1" -v unit="$2" -v n="$3" -v i="$4" -v ours="$5" 'BEGIN {
    per = i / n
    ratio = (ours == "") ? "—" : sprintf("%.2f×", per / ours)
    printf "| %s | %d %s | %.3f G | %.0f | %s |\n", name, n, unit, i / 1e9, per, ratio
  }'
}

i=$(ir "$TAFL" perft -variant copenhagen -depth "$PERFT_DEPTH")
n=$(sed -n 's/^leaves \([0-9]*\).*/\1/p; s/^\([0-9][0-9]*\)$/\1/p' "$work/out" | head -1)
row "taflbot perft copenhagen d$PERFT_DEPTH" leaves "$n" "$i" ""
perft=$(awk -v i="$i" -v n="$n" 'BEGIN{print i / n}')

i=$(ir "$TAFL" ai -variant copenhagen -nodes "$TAFL_SEARCH_NODES" -json)
n=$(sed -n 's/.*"nodes":\([0-9]*\).*/\1/p' "$work/out")
row "taflbot search copenhagen start" nodes "$n" "$i" ""
search=$(awk -v i="$i" -v n="$n" 'BEGIN{print i / n}')

for build in PEER_FTZM PEER_FTZM_LTO; do
  bin=${!build:-}
  [ -n "$bin" ] || continue
  label="Makefile"
  [ "$build" = PEER_FTZM_LTO ] && label="-flto"
  i=$(ir "$bin" perft "$PERFT_DEPTH")
  n=$(sed -n 's/^leaves \([0-9]*\).*/\1/p' "$work/out")
  row "ftzm perft copenhagen d$PERFT_DEPTH ($label)" leaves "$n" "$i" "$perft"
  i=$(ir "$bin" search "$FTZM_SEARCH_DEPTH")
  unit="distinct nodes"
  n=$distinct
  if [ -z "$n" ]; then
    n=$(sed -n 's/^nodes \([0-9]*\).*/\1/p' "$work/out")
    unit="nodes (raw: horizon counted twice)"
  fi
  row "ftzm search copenhagen start d$FTZM_SEARCH_DEPTH ($label)" "$unit" "$n" "$i" "$search"
done
