#!/usr/bin/env bash
# Every check of the project: lint, formatting, types, unit tests, the production build and the
# end-to-end tests in the OS's Chromium (installed from apt when /usr/bin/chromium is missing).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Chromium from apt (needed by the end-to-end tests)..."
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

# A fresh run: no stored articles or reports from an earlier one.
rm -rf test-results && mkdir -p test-results
echo "== lint"; npm run --silent lint
echo "== format"; npm run --silent format:check
echo "== typecheck"; npm run --silent typecheck
echo "== unit"; npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/unit.json
echo "== build"; npm run --silent build
echo "== e2e"; CI=1 npx playwright test
node scripts/test-summary.mjs test-results/unit.json test-results/e2e.json
