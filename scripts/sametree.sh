#!/usr/bin/env bash
# sametree.sh [TAFL] — the results of a fixed set of searches (copenhagen,
# fetlar, brandubh, tablut and tawlbwrdd positions; node budgets and one
# fixed depth) without their times: move, score, depth, seldepth, nodes and
# principal variation. Two builds that print the same lines searched the
# same trees: the check for a change meant to make the search faster
# without changing what it does.
#
# TAFL is a `tafl` binary (default: built from this checkout).
#
# Usage: scripts/sametree.sh /tmp/tafl-main > /tmp/before
#        scripts/sametree.sh | diff /tmp/before -
set -euo pipefail
cd "$(dirname "$0")/.."
T=${1:-}
if [ -z "$T" ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  go build -pgo=off -o "$work/tafl" ./cmd/tafl
  T=$work/tafl
fi
run() { "$T" ai -json "$@" | sed -E 's/"nps":[0-9]+,//; s/"time_ms":[0-9]+,//'; }
run -variant copenhagen -nodes 4000000
run -variant copenhagen -nodes 1000000 -moves "d1-d3 f8-i8 j6-j9 e7-e10 j9-e9 d6-d9"
run -variant copenhagen -nodes 1000000 -moves "d1-d3 e5-c5 a4-c4 e7-e9 a8-a9 f8-f9 b6-b4 g5-g2 h1-h3 g2-j2"
run -variant copenhagen -nodes 1000000 -position "/4tttt3/5t5/3t7/t4T4t/t3TTT3t/tt2TKTT2t/t4TT3t/t7T1t/3Tt6/5t5/3ttttt3/" -side defenders
run -variant fetlar -nodes 500000
run -variant brandubh -nodes 1000000
run -variant tablut -nodes 1000000
run -variant tawlbwrdd -nodes 300000
run -variant copenhagen -depth 5
