#!/usr/bin/env bash
# builds.sh — taflbot's search and perft speed at several commits, side by
# side in one run: each commit's `tafl` is built into a temporary folder,
# the builds are alternated round by round, and each run is charged its own
# CPU time (user + system, from /usr/bin/time), as scripts/peers.sh does
# for other engines. It prints, for each commit, the median rate and its
# ratio to the first commit's.
#
# Use it to see what a change costs the engine, or to carry a peer ratio
# measured at one commit (docs/PERFORMANCE.md, scripts/peers.sh) over to
# another without building the peer again.
#
# Options (environment): ROUNDS (default 11), PERFT_DEPTH (4),
# TAFL_SEARCH_NODES (4000000).
#
# Usage: scripts/builds.sh fb4e119 HEAD
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=${ROUNDS:-11}
PERFT_DEPTH=${PERFT_DEPTH:-4}
TAFL_SEARCH_NODES=${TAFL_SEARCH_NODES:-4000000}
[ $# -ge 1 ] || { echo "usage: scripts/builds.sh COMMIT [COMMIT…]" >&2; exit 2; }

work=$(mktemp -d)
trap 'git worktree remove --force "$work/tree" 2>/dev/null || true; rm -rf "$work"' EXIT
for c in "$@"; do
  rev=$(git rev-parse --short "$c^{commit}")
  git worktree add -q --detach "$work/tree" "$rev"
  (cd "$work/tree" && go build -o "$work/tafl-$rev" ./cmd/tafl)
  git worktree remove --force "$work/tree"
  echo "$rev" >>"$work/revs"
done

# cpu CMD... runs CMD, keeps its output in $work/out, prints its CPU seconds.
cpu() {
  /usr/bin/time -f "%U %S" -o "$work/time" "$@" >"$work/out"
  awk '{printf "%.3f\n", $1 + $2}' "$work/time"
}

for r in $(seq 1 "$ROUNDS"); do
  while read -r rev; do
    t=$(cpu "$work/tafl-$rev" ai -variant copenhagen -nodes "$TAFL_SEARCH_NODES" -json)
    n=$(grep -o '"nodes": *[0-9]*' "$work/out" | grep -o '[0-9]*$')
    echo "search $rev $n $t" >>"$work/runs"
    t=$(cpu "$work/tafl-$rev" perft -variant copenhagen -depth "$PERFT_DEPTH")
    n=$(grep -o '[0-9][0-9]*' "$work/out" | tail -1)
    echo "perft $rev $n $t" >>"$work/runs"
  done <"$work/revs"
done

echo "| measure | commit | count | per CPU-second (median of $ROUNDS; range) | ÷ first |"
echo "|---|---|---|---|---|"
for m in search perft; do
  first=""
  while read -r rev; do
    awk -v m="$m" -v rev="$rev" '$1 == m && $2 == rev {print $3, $3 / $4}' "$work/runs" | sort -k2 -g >"$work/rates"
    n=$(head -1 "$work/rates" | cut -d' ' -f1)
    read -r med lo hi < <(awk '{r[NR] = $2} END {printf "%.4g %.4g %.4g\n", r[int((NR + 1) / 2)] / 1e6, r[1] / 1e6, r[NR] / 1e6}' "$work/rates")
    [ -n "$first" ] || first=$med
    ratio=$(awk -v a="$med" -v b="$first" 'BEGIN {printf "%.3f", a / b}')
    label="search copenhagen start ($TAFL_SEARCH_NODES nodes)"
    [ "$m" = perft ] && label="perft copenhagen d$PERFT_DEPTH"
    echo "| $label | $rev | $n | $med ($lo–$hi) M | ${ratio}× |"
  done <"$work/revs"
done
