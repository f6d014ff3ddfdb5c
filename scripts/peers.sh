#!/usr/bin/env bash
# peers.sh — taflbot's rules engine and search side by side with other tafl
# engines, on this machine, in one run: the programs are alternated round by
# round and each run is charged its own CPU time (user + system, from
# /usr/bin/time), so other work on a shared machine inflates none of them.
# It prints one table: the median rate of each program and its ratio to
# taflbot.
#
# This script only runs and measures programs it is given; it does not
# fetch or build any other engine (build them by hand outside the repository;
# docs/PERFORMANCE.md names the repositories and commits measured). Each peer
# is a path in an environment variable and is skipped when unset:
#
#   TAFL          taflbot's `tafl` command (default: built from this checkout
#                 into a temporary folder)
#   PEER_FTZM     ftzm/hnefatafl's engine (libhnefatafl) as its Makefile
#                 builds it, behind a small driver
#   PEER_FTZM_LTO the same engine and driver compiled with -flto
#   PEER_FTZM_COUNT  optional: the same driver over a copy of the engine that
#                 also counts the search's calls into its quiescence search at
#                 the horizon, which it counts twice (run once, for the
#                 distinct node count of the fixed-depth search)
#   PEER_TABLUTER rusty_tabluter's board (tablut) behind a perft driver
#   PEER_BUNBURYA bunburya/hnefatafl-rs (copenhagen) behind a perft driver
#
# The drivers' interface: `PEER perft DEPTH` prints "leaves N" (every leaf
# move made with its captures and game-end tests, no bulk counting);
# `PEER search DEPTH` (ftzm only) prints "nodes N … distinct D …" for a
# fixed-depth search of the copenhagen start, attackers to move.
#
# Options (environment): PGO=1 (build taflbot with scripts/pgo.sh's
# profile), ROUNDS (default 5), PERFT_DEPTH (4),
# FTZM_SEARCH_DEPTH (5), TAFL_SEARCH_NODES (4000000).
#
# Usage: PEER_FTZM=/tmp/peers/ftzm-make PEER_FTZM_LTO=/tmp/peers/ftzm-lto \
#          nice -n 19 scripts/peers.sh
set -euo pipefail
cd "$(dirname "$0")/.."

ROUNDS=${ROUNDS:-5}
PERFT_DEPTH=${PERFT_DEPTH:-4}
FTZM_SEARCH_DEPTH=${FTZM_SEARCH_DEPTH:-5}
TAFL_SEARCH_NODES=${TAFL_SEARCH_NODES:-4000000}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -z "${TAFL:-}" ]; then
  # The build a clean clone makes (no profile-guided optimisation), unless
  # PGO=1: then with cmd/tafl/default.pgo from scripts/pgo.sh.
  if [ "${PGO:-}" = 1 ]; then
    [ -f cmd/tafl/default.pgo ] || { echo "PGO=1: run scripts/pgo.sh first" >&2; exit 2; }
    go build -pgo=cmd/tafl/default.pgo -o "$work/tafl" ./cmd/tafl
    echo "taflbot built with profile-guided optimisation (cmd/tafl/default.pgo)"
  else
    go build -pgo=off -o "$work/tafl" ./cmd/tafl
  fi
  TAFL=$work/tafl
fi

# cpu CMD... runs CMD, saves its output in $work/out and prints its CPU
# seconds (user + system).
cpu() {
  /usr/bin/time -f "%U %S" -o "$work/time" "$@" >"$work/out"
  awk '{printf "%.3f\n", $1 + $2}' "$work/time"
}

# Each measure: a name and a command printing a count; the count is taken
# from the output by a per-measure pattern.
declare -a names cmds kinds
add() { names+=("$1"); kinds+=("$2"); cmds+=("$3"); }

add "taflbot perft copenhagen d$PERFT_DEPTH" perft "$TAFL perft -variant copenhagen -depth $PERFT_DEPTH"
add "taflbot perft tablut d$PERFT_DEPTH" perft "$TAFL perft -variant tablut -depth $PERFT_DEPTH"
add "taflbot search copenhagen start ($TAFL_SEARCH_NODES nodes)" tsearch "$TAFL ai -variant copenhagen -nodes $TAFL_SEARCH_NODES -json"
[ -n "${PEER_FTZM:-}" ] && add "ftzm perft copenhagen d$PERFT_DEPTH (Makefile)" perft "$PEER_FTZM perft $PERFT_DEPTH"
[ -n "${PEER_FTZM_LTO:-}" ] && add "ftzm perft copenhagen d$PERFT_DEPTH (-flto)" perft "$PEER_FTZM_LTO perft $PERFT_DEPTH"
[ -n "${PEER_FTZM:-}" ] && add "ftzm search copenhagen start d$FTZM_SEARCH_DEPTH (Makefile)" fsearch "$PEER_FTZM search $FTZM_SEARCH_DEPTH"
[ -n "${PEER_FTZM_LTO:-}" ] && add "ftzm search copenhagen start d$FTZM_SEARCH_DEPTH (-flto)" fsearch "$PEER_FTZM_LTO search $FTZM_SEARCH_DEPTH"
[ -n "${PEER_TABLUTER:-}" ] && add "rusty_tabluter perft tablut d$PERFT_DEPTH" perft "$PEER_TABLUTER perft $PERFT_DEPTH"
[ -n "${PEER_BUNBURYA:-}" ] && add "bunburya perft copenhagen d$PERFT_DEPTH" perft "$PEER_BUNBURYA perft $PERFT_DEPTH"

# ftzm's fixed-depth search counts every horizon node twice (once in the
# search, once in the quiescence search). The distinct count comes from the
# counting build when given; otherwise the raw count is reported and marked.
distinct=""
if [ -n "${PEER_FTZM_COUNT:-}" ]; then
  distinct=$("$PEER_FTZM_COUNT" search "$FTZM_SEARCH_DEPTH" | sed -n 's/.* distinct \([0-9]*\).*/\1/p')
fi

count() { # kind: the count from $work/out
  case $1 in
  perft) sed -n 's/^leaves \([0-9]*\).*/\1/p; s/^\([0-9][0-9]*\)$/\1/p' "$work/out" | head -1 ;;
  tsearch) sed -n 's/.*"nodes":\([0-9]*\).*/\1/p' "$work/out" ;;
  fsearch)
    if [ -n "$distinct" ]; then echo "$distinct"; else sed -n 's/^nodes \([0-9]*\).*/\1/p' "$work/out"; fi ;;
  esac
}

declare -A rates counts
for ((r = 1; r <= ROUNDS; r++)); do
  for i in "${!names[@]}"; do
    # shellcheck disable=SC2086 # the commands are word lists
    secs=$(cpu ${cmds[$i]})
    n=$(count "${kinds[$i]}")
    counts[$i]=$n
    rates[$i]+="$(awk -v n="$n" -v s="$secs" 'BEGIN{printf "%.0f", n / s}') "
  done
  echo "round $r of $ROUNDS done" >&2
done

median() { tr ' ' '\n' | grep . | sort -n | awk '{a[NR]=$1} END{print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

echo "| measure | count | per CPU-second (median of $ROUNDS; range) | taflbot ÷ peer |"
echo "|---|---|---|---|"
declare -A med
for i in "${!names[@]}"; do
  med[$i]=$(echo "${rates[$i]}" | median)
done
for i in "${!names[@]}"; do
  lo=$(echo "${rates[$i]}" | tr ' ' '\n' | grep . | sort -n | head -1)
  hi=$(echo "${rates[$i]}" | tr ' ' '\n' | grep . | sort -n | tail -1)
  ours=""
  case ${names[$i]} in
  "ftzm perft"* | "bunburya perft"*) ours=${med[0]} ;;
  "rusty_tabluter perft"*) ours=${med[1]} ;;
  "ftzm search"*) ours=${med[2]} ;;
  esac
  ratio="—"
  [ -n "$ours" ] && ratio=$(awk -v a="$ours" -v b="${med[$i]}" 'BEGIN{printf "%.2f×", a / b}')
  unit=""
  case ${kinds[$i]} in
  perft) unit="leaves" ;;
  tsearch) unit="nodes" ;;
  fsearch) unit="distinct nodes"; [ -z "$distinct" ] && unit="nodes (raw: horizon counted twice)" ;;
  esac
  printf '| %s | %s %s | %s (%s–%s) M | %s |\n' "${names[$i]}" "${counts[$i]}" "$unit" \
    "$(awk -v x="${med[$i]}" 'BEGIN{printf "%.2f", x/1e6}')" \
    "$(awk -v x="$lo" 'BEGIN{printf "%.2f", x/1e6}')" "$(awk -v x="$hi" 'BEGIN{printf "%.2f", x/1e6}')" "$ratio"
done
