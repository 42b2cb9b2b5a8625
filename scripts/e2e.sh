#!/usr/bin/env bash
# End-to-end tests: Debian's Chromium driven by Playwright against the reference server
# (built app, fresh data folders). E2E_WORKERS (2 here unless set) workers run the test
# files side by side, each against a server of its own on E2E_PORT + n with its data in
# E2E_DATA_DIR/<day>/server-n (test/e2e/environment.ts). Two keep both cores busy: four
# ran the suite in about the same time (each test took 1.75 times as long) with twice the
# servers and browsers.
# The suite runs on pinned days, never the real one (test/support/pinnedDays.ts): all of
# it on the first browser day, then its tests tagged @dates on each further one.
# E2E_DAY=<name> runs everything on that one day instead.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
[ -f dist/index.html ] || npx vite build
export E2E_WORKERS="${E2E_WORKERS:-2}"
rm -rf .test-data/e2e .test-data/results/e2e-*.json
if [ -n "${E2E_DAY:-}" ]; then
  npx playwright test "$@"
  exit
fi
read -r -a days <<<"$(node --import tsx -e 'import("./test/support/pinnedDays.ts").then((m) => console.log(m.browserPinnedDays.map((d) => d.name).join(" ")))')"
echo "Browser suite on ${days[0]} (test/support/pinnedDays.ts)"
E2E_DAY="${days[0]}" npx playwright test "$@"
for day in "${days[@]:1}"; do
  echo "Its @dates tests again on ${day}"
  E2E_DAY="$day" npx playwright test --grep @dates --pass-with-no-tests "$@"
done
