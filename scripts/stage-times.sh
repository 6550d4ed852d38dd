#!/usr/bin/env bash
# Where `npm test`'s time goes (issue 25 item 4: the run must stay under 20 minutes on a busy
# machine): each stage of the README's test command run alone, with its wall time and the whole
# machine's CPU time from /proc/stat, so the browsers that leave the process tree are counted too
# (`time` counted 84 CPU-s of the e2e stage's 220). Run it on a quiet machine, in a clean clone after
# `npm ci`, `node scripts/pinned-chromium.mjs` and with fonts-liberation installed (as .ci/run does):
#   bash scripts/stage-times.sh [clone]     (STAGES="test:unit test:e2e" to pick stages)
# Each stage's output goes to /tmp/stage-<name>.log.
set -u
cd "${1:-.}"
cpu() { awk '/^cpu /{print ($2+$3+$4+$7+$8)}' /proc/stat; }
hz=$(getconf CLK_TCK)
for stage in ${STAGES:-typecheck docs:check test:unit build test:dist bench:smoke storybook:build test:stories test:e2e}; do
  c0=$(cpu)
  t0=$(date +%s%N)
  npm run -s "$stage" > "/tmp/stage-$stage.log" 2>&1
  rc=$?
  echo "$stage: exit $rc, wall $(( ($(date +%s%N) - t0) / 1000000000 )) s, CPU $(( ($(cpu) - c0) / hz )) s"
done
