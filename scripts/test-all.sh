#!/usr/bin/env bash
# Every check of the project, on Node 24 (the one runtime: `. scripts/node-24.sh` puts it on PATH):
# lint, formatting, types, the unit and integration tests under three time zones (their results
# must be identical), the production build, its smoke test and the end-to-end tests in the OS's
# Chromium. Every stage runs even when an earlier one fails (the end-to-end tests need the build)
# and prints its time, and the run always ends with one line, `tests: N passed, N failed`, and a
# non-zero exit when anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."
if [ "$(node -p 'process.versions.node.split(".")[0]')" != 24 ]; then
  echo "Node $(node --version) is not Node 24: run \`. scripts/node-24.sh\` first (README)" >&2
  exit 1
fi

# What the tests need from the OS, from apt when missing: Chromium (end-to-end tests), Icecast 2
# with ffmpeg (the radio relay's integration test against a real Icecast server), nginx (the
# proxy's end-to-end test), and PostgreSQL
# (the stores' tests on both databases start throwaway clusters of their own: no service runs).
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
apt_install() {
  echo "Installing from apt: $*"
  [ -n "${APT_UPDATED:-}" ] || { $SUDO apt-get update -qq && APT_UPDATED=1; } || return 1
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null
}
[ -x /usr/bin/chromium ] || apt_install chromium || echo "Could not install chromium"
if [ ! -x /usr/bin/icecast2 ] || [ ! -x /usr/bin/ffmpeg ]; then
  apt_install --no-install-recommends icecast2 ffmpeg || echo "Could not install icecast2, ffmpeg"
fi
# nginx: the end-to-end test of deploy/nginx.conf in front of two instances.
[ -x /usr/sbin/nginx ] || apt_install --no-install-recommends nginx ||
  echo "Could not install nginx"
if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  apt_install --no-install-recommends postgresql || echo "Could not install postgresql"
fi
# Here the Icecast integration test must run: a missing icecast2 fails it rather than skipping it.
export TEST_ALL=1

# A fresh run: no reports from an earlier one (the servers' data lives in fresh temp folders).
rm -rf test-results && mkdir -p test-results
FAILED=()
stage() {
  local name=$1
  shift
  echo "== $name"
  local started=$SECONDS
  if ! "$@"; then
    echo "== $name: failed after $((SECONDS - started)) s"
    FAILED+=("$name")
    return 1
  fi
  echo "== $name: $((SECONDS - started)) s"
}
vitest_in() {
  TZ=$1 npx vitest run --reporter=default --reporter=json --outputFile.json="test-results/$2"
}

stage lint npm run --silent lint
stage format npm run --silent format:check
stage typecheck npm run --silent typecheck
# Times must not depend on the machine's zone: the same suite under UTC, under a zone east of it
# with a 45-minute offset and under one ten hours west of it, and the summary checks that every
# test had the same outcome in each.
stage "unit (TZ=UTC)" vitest_in UTC unit-utc.json
stage "unit (TZ=Asia/Kathmandu)" vitest_in Asia/Kathmandu unit-kathmandu.json
stage "unit (TZ=Pacific/Honolulu)" vitest_in Pacific/Honolulu unit-honolulu.json
REPORTS=(test-results/unit-utc.json test-results/smoke.json test-results/e2e.json)
if stage build npm run --silent build; then
  stage smoke node scripts/smoke.mjs --report test-results/smoke.json
  stage e2e env CI=1 npx playwright test
else
  FAILED+=("smoke, e2e (not run: the build failed)")
fi

node scripts/test-summary.mjs --stages-failed "$(IFS='|'; echo "${FAILED[*]:-}")" \
  --same test-results/unit-utc.json test-results/unit-kathmandu.json \
  --same test-results/unit-utc.json test-results/unit-honolulu.json "${REPORTS[@]}"
