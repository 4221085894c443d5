#!/usr/bin/env bash
# `npm test` as CI runs it (CI=true), N times in a row (default 3), with two busy loops beside it: a
# suite that fails on a busy machine fails the next person's run for nothing. Prints each run's
# result, wall time and the load average, and the e2e tests Playwright had to retry (flaky), then
# stops the loops. Exits 1 if a run failed.
#
#   bash scripts/suite-under-load.sh [runs] [log folder]
set -uo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
logs="${2:-$(mktemp -d -t presa-under-load-XXXXXX)}"
mkdir -p "$logs"

loops=()
for _ in 1 2; do
  node -e 'for (;;) {}' &
  loops+=("$!")
done
trap 'kill "${loops[@]}" 2>/dev/null' EXIT

failed=0
for i in $(seq 1 "$runs"); do
  started=$(date +%s)
  CI=true npm test > "$logs/run-$i.log" 2>&1
  code=$?
  secs=$(( $(date +%s) - started ))
  flaky=$(grep -cE '^\s+✘.*\(retry|flaky' "$logs/run-$i.log" || true)
  summary=$(grep -E '^\s+[0-9]+ (passed|failed|flaky)' "$logs/run-$i.log" | tr -s ' ' | tr '\n' ';')
  echo "run $i: exit $code in ${secs} s (load $(cut -d' ' -f1-3 /proc/loadavg)); e2e:${summary:- none}; log $logs/run-$i.log"
  [[ $code -ne 0 ]] && failed=1
done
exit $failed
