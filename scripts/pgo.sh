#!/usr/bin/env bash
# pgo.sh — writes the profiles for Go's profile-guided optimisation of the
# commands (cmd/tafl/default.pgo, cmd/taflbot/default.pgo; `go build` uses
# a main package's default.pgo by itself). Opt-in: profiles are never
# committed (.gitignore), so a clean clone builds without them; a
# self-hoster who wants the engine's search about 7 % faster runs this
# once before building (docs/PERFORMANCE.md, "Profile-guided build"). The profile is the
# CPU profile of the engine's search benchmark (BenchmarkSearch in
# tafl/ai: fixed-node searches of the copenhagen start and a mid-game,
# brandubh and tablut), so the compiler inlines and lays out the search's
# hot paths. A stale profile still builds (it only guides the compiler);
# regenerate it after an update of taflbot. Delete the two files to build
# without it.
#
# Options (environment): BENCHTIME (default 6x).
#
# Usage: scripts/pgo.sh
set -euo pipefail
cd "$(dirname "$0")/.."

BENCHTIME=${BENCHTIME:-6x}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go test -run '^$' -bench '^BenchmarkSearch$' -benchtime "$BENCHTIME" \
  -o "$work/ai.test" -cpuprofile "$work/cpu.prof" ./tafl/ai/
for d in cmd/tafl cmd/taflbot; do
  cp "$work/cpu.prof" "$d/default.pgo"
done
ls -l cmd/tafl/default.pgo cmd/taflbot/default.pgo
