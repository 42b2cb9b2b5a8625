#!/usr/bin/env bash
# The whole suite, as CI runs it: the lockfile check, type-check, lint and layer rules, unit, machine,
# model-based and contract tests (the engine and contract suites on DuckDB, then again on
# ClickHouse embedded), the date-sensitive ones again on pinned days, the production build,
# then the browser tests (on pinned days too), beside which the ClickHouse pass runs.
# Each step prints how long it took; the type-check and the lint run side by side
# (each is single-threaded, and CI has two cores).
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
step_start=
step() {
  local now
  now=$(date +%s)
  [ -z "$step_start" ] || printf '   (%ss)\n' "$(( now - step_start ))"
  step_start=$now
  printf '\n== %s\n' "$*"
}

# A step that only starts work in the background: its time is printed with its output, later, not here.
background_step() {
  step "$@"
  step_start=
}

# npm install tolerates optional packages the registry does not have and leaves them out
# of the lockfile; npm ci then refuses the lockfile. This catches that before CI does. CI
# itself (.ci/run, CI=true) has just installed with npm ci, which is the same check.
if [ "${CI:-}" != "true" ]; then
  step "Lockfile in step with package.json (npm ci --dry-run, as CI installs with npm ci)"
  npm ci --dry-run --no-audit --no-fund >/dev/null || {
    echo "package-lock.json does not match package.json: npm ci would refuse it." >&2
    echo "Every optional platform package (e.g. chdb's @chdb/lib-*) needs its entry." >&2
    exit 1
  }
fi

step "Type-check (tsc --noEmit), beside lint and layer rules (eslint, check-layers)"
logs=$(mktemp -d /tmp/test-suite-XXXXXX)
npx tsc --noEmit -p tsconfig.json >"$logs/tsc.log" 2>&1 &
tsc_pid=$!
{ npx eslint . && node --import tsx scripts/check-layers.ts; } >"$logs/lint.log" 2>&1 &
lint_pid=$!
tsc_status=0
wait "$tsc_pid" || tsc_status=$?
lint_status=0
wait "$lint_pid" || lint_status=$?
cat "$logs/tsc.log" "$logs/lint.log"
rm -rf "$logs"
[ "$tsc_status" = 0 ] || { echo "Type-check failed." >&2; exit "$tsc_status"; }
[ "$lint_status" = 0 ] || { echo "Lint or layer rules failed." >&2; exit "$lint_status"; }

step "Unit, machine, model-based, contract and view tests (vitest), noting which files read the clock"
rm -rf .test-data/results && mkdir -p .test-data/results
TEST_CLOCK_READERS=.test-data/results/clock-readers \
  npx vitest run --reporter=default --reporter=json --outputFile.json=.test-data/results/vitest.json

step "The files that read the clock again on each pinned day (test/support/pinnedDays.ts)"
node --import tsx scripts/pinned-days.ts .test-data/results/clock-readers

background_step "Engine and contract tests again on ClickHouse embedded (WAREHOUSE=chdb), beside the build and the browser tests"
# Those that read the engine under test (test/support/warehouseTests.ts): the others open DuckDB by name or no
# warehouse at all, and would repeat the run above exactly. Any difference from DuckDB fails.
read -r -a on_chdb <<<"$(node --import tsx -e 'import("./test/support/warehouseTests.ts").then((m) => console.log(m.warehouseTestFiles(["test/engine", "test/contract"]).join(" ")))')"
[ "${#on_chdb[@]}" -gt 0 ] || { echo "No engine or contract test reads the engine under test (test/support/warehouseTests.ts)." >&2; exit 1; }
echo "${#on_chdb[@]} test files read the engine under test; their output follows the browser tests'"
# Each of these tests opens a warehouse of its own: on ClickHouse a data folder of thousands of small files, copied
# in and removed again. On ext4 that churn of files made the kernel's inode allocation most of the pass's CPU (one
# file: 26 s, 18 of them in the kernel; on tmpfs 10 s), so the pass's temporary folders are in memory (/dev/shm)
# where the machine has it.
chdb_tmp=
if [ -d /dev/shm ] && [ -w /dev/shm ]; then chdb_tmp=$(mktemp -d /dev/shm/chdb-pass-XXXXXX); fi
chdb_log=$(mktemp /tmp/chdb-pass-XXXXXX.log)
# The pass runs beside the build and the browser tests: each of the two leaves the cores idle part of the time (the
# ClickHouse tests a quarter: timers they wait for, the engine's own threads; the browser tests' server starts and
# page waits), and together they fill them. Neither's outcome depends on how fast it runs.
# It runs in a process group of its own (setsid, where the machine has it): a signal to npx alone leaves vitest and
# its workers running, a signal to the group stops them all.
own_group=()
if command -v setsid >/dev/null 2>&1; then own_group=(setsid); fi
TMPDIR="${chdb_tmp:-${TMPDIR:-/tmp}}" WAREHOUSE=chdb "${own_group[@]}" npx vitest run --project node "${on_chdb[@]}" \
  --reporter=default --reporter=json --outputFile.json=.test-data/results/vitest-chdb.json >"$chdb_log" 2>&1 &
chdb_pid=$!
chdb_start=$(date +%s)
# A failed step ends the script (set -e): the pass is stopped with it (its group, or npx alone without setsid), and
# its folders removed. After the pass has ended, the signal finds no one.
stop_chdb_pass() {
  if [ "${#own_group[@]}" -gt 0 ]; then kill -TERM -- "-$chdb_pid" 2>/dev/null || true; else kill "$chdb_pid" 2>/dev/null || true; fi
  wait "$chdb_pid" 2>/dev/null || true
  rm -rf "$chdb_log" ${chdb_tmp:+"$chdb_tmp"}
}
trap stop_chdb_pass EXIT

step "Production build"
npx vite build --logLevel warn

step "End-to-end tests (Playwright in Debian's Chromium), beside the ClickHouse pass"
e2e_status=0
bash scripts/e2e.sh || e2e_status=$?

background_step "The ClickHouse pass (run beside the two steps above): its output"
chdb_status=0
wait "$chdb_pid" || chdb_status=$?
chdb_end=$(date +%s)
cat "$chdb_log"
echo "The ClickHouse pass ran for $(( chdb_end - chdb_start ))s beside the build and the browser tests."
[ "$e2e_status" = 0 ] || { echo "End-to-end tests failed." >&2; exit "$e2e_status"; }
[ "$chdb_status" = 0 ] || { echo "The engine and contract tests failed on ClickHouse embedded." >&2; exit "$chdb_status"; }

step "Summary"
printf 'All checks passed in %ss.\n' "$(( $(date +%s) - start ))"
node --import tsx scripts/test-summary.ts
