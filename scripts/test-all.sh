#!/usr/bin/env bash
# Every check of the project: lint, formatting, types, unit and integration tests, the production
# build and the end-to-end tests in the OS's Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

# What the tests need from the OS, from apt when missing: Chromium (end-to-end tests), and
# Icecast 2 with ffmpeg (the radio relay's integration test against a real Icecast server).
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
apt_install() {
  echo "Installing from apt: $*"
  [ -n "${APT_UPDATED:-}" ] || { $SUDO apt-get update -qq && APT_UPDATED=1; }
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null
}
[ -x /usr/bin/chromium ] || apt_install chromium
if [ ! -x /usr/bin/icecast2 ] || [ ! -x /usr/bin/ffmpeg ]; then
  apt_install --no-install-recommends icecast2 ffmpeg
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
