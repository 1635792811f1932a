#!/usr/bin/env bash
# The unit suite and the production smoke test on Node 24, the production runtime, whatever Node
# runs the rest (the CI machine's is 20). Node 24 comes from the npm registry (the node-linux-*
# package: the official build, headers included). The working tree is copied to a temp folder
# (tracked and new files, not what .gitignore leaves out), because native modules (better-sqlite3)
# are built for one runtime: the copy gets its own node_modules, installed and built under Node 24
# (npm_config_nodedir: node-gyp takes the headers from a package, offline). Writes
# test-results/node24-unit.json and test-results/node24-smoke.json, which test-summary.mjs reads.
#   bash scripts/node24.sh
# NODE24 picks the runtime (24: the newest 24.x). NODE24_HEADERS picks the headers native modules
# are built with, 24.18.1 by default: from 24.19.0 on, node::ObjectWrap's destructor (compiled
# into better-sqlite3 from the headers) removes a cleanup hook, and aborts the process when the
# garbage collector frees a statement with no context entered ("Assertion failed: (env) !=
# nullptr", nodejs/node#65446: here one start in three). Built with 24.18's headers it runs on
# any 24.x (same ABI) without that hook.
set -euo pipefail
cd "$(dirname "$0")/.."
out="$PWD/test-results"
mkdir -p "$out"
work=$(mktemp -d "${TMPDIR:-/tmp}/node24-XXXXXX")
trap 'rm -rf "$work"' EXIT

case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) arch=$(uname -m) ;;
esac
started=$SECONDS
fetch_node() {
  npm install --no-save --no-audit --no-fund --loglevel=error --prefix "$work/$1" \
    "node-linux-$arch@$2" >/dev/null
  echo "$work/$1/node_modules/node-linux-$arch"
}
n24=$(fetch_node runtime "${NODE24:-24}")
headers=$(fetch_node headers "${NODE24_HEADERS:-24.18.1}")

mkdir "$work/app"
git ls-files -z --cached --others --exclude-standard |
  while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
  tar --null -T - -cf - | tar -xf - -C "$work/app"
cd "$work/app"
export PATH="$n24/bin:$PATH" npm_config_nodedir="$headers"
echo "Node $(node --version) in $work/app, native modules built with $("$headers/bin/node" --version)'s headers"

npm ci --no-audit --no-fund --loglevel=error
npm run --silent build
echo "Node 24: installed and built in $((SECONDS - started)) s"

status=0
TZ=UTC npx vitest run --reporter=default --reporter=json \
  --outputFile.json="$out/node24-unit.json" || status=1
node scripts/smoke.mjs --report "$out/node24-smoke.json" || status=1
echo "Node 24: $((SECONDS - started)) s in all"
exit $status
