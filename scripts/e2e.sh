#!/usr/bin/env bash
# End-to-end tests: Debian's Chromium driven by Playwright against the reference server
# (built app, fresh data folders). E2E_WORKERS (2 here unless set) workers run the test
# files side by side, each against a server of its own on E2E_PORT + n with its data in
# E2E_DATA_DIR/server-n (test/e2e/environment.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
[ -f dist/index.html ] || npx vite build
export E2E_WORKERS="${E2E_WORKERS:-2}"
rm -rf .test-data/e2e
npx playwright test "$@"
