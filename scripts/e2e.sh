#!/usr/bin/env bash
# End-to-end tests: Debian's Chromium driven by Playwright against the reference server
# (fresh data folder, built app).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
[ -f dist/index.html ] || npx vite build
rm -rf .test-data/e2e
npx playwright test "$@"
