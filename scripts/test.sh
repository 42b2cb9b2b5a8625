#!/usr/bin/env bash
# The whole suite, as CI runs it: type-check, lint and layer rules, unit, machine,
# model-based and contract tests, the production build, then the browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
step() { printf '\n== %s\n' "$*"; }

step "Type-check (tsc --noEmit)"
npx tsc --noEmit -p tsconfig.json

step "Lint and layer rules"
npx eslint .
node --import tsx scripts/check-layers.ts

step "Unit, machine, model-based and contract tests (vitest)"
rm -rf .test-data/results && mkdir -p .test-data/results
npx vitest run --reporter=default --reporter=json --outputFile.json=.test-data/results/vitest.json

step "Production build"
npx vite build --logLevel warn

step "End-to-end tests (Playwright in Debian's Chromium)"
bash scripts/e2e.sh

printf '\nAll checks passed in %ss.\n' "$(( $(date +%s) - start ))"
node --import tsx scripts/test-summary.ts
