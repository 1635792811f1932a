#!/usr/bin/env bash
# Rewrites the citations of the documents that used to live beside the repository (SPEC.md,
# DESIGN.md, ARCHITECTURE.md, STYLE.md) to the copies in docs/, in the project's own words:
#   SPEC.md §2             -> docs/product.md §2 (the same § numbers and names)
#   DESIGN.md "Navigation" -> docs/design.md "Navigation" (the same section names)
#   ARCHITECTURE.md        -> docs/architecture.md
#   STYLE.md §2            -> docs/style.md §2
# Usage: bash scripts/rewrite-doc-citations.sh [PATH…]   (default: the code's folders and configs)
# Only tracked files that cite one are touched; the fixtures (publishers' bytes) never are.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$#" -eq 0 ]; then
  set -- app server common sites scripts tests eslint.config.js .env.example
fi
self=scripts/rewrite-doc-citations.sh
mapfile -d '' files < <(
  git ls-files -z -- "$@" |
    grep -zv -e '^tests/fixtures/' -e "^$self\$" |
    xargs -0 -r grep -lZE '(^|[^A-Za-z0-9_./-])(SPEC|DESIGN|ARCHITECTURE|STYLE)\.md\b' --
)
if [ "${#files[@]}" -gt 0 ]; then
  sed -i -E \
    -e 's#(^|[^A-Za-z0-9_./-])SPEC\.md\b#\1docs/product.md#g' \
    -e 's#(^|[^A-Za-z0-9_./-])DESIGN\.md\b#\1docs/design.md#g' \
    -e 's#(^|[^A-Za-z0-9_./-])ARCHITECTURE\.md\b#\1docs/architecture.md#g' \
    -e 's#(^|[^A-Za-z0-9_./-])STYLE\.md\b#\1docs/style.md#g' \
    -- "${files[@]}"
  # A longer citation can push a line of code past the print width: format what was touched.
  npx prettier --write --ignore-unknown --log-level warn -- "${files[@]}"
fi
left=$(git grep -nE '(^|[^A-Za-z0-9_./-])(SPEC|DESIGN|ARCHITECTURE|STYLE)\.md\b' -- "$@" ':!tests/fixtures' ":!$self" || true)
if [ -n "$left" ]; then
  echo "Citations left (tracked files only were rewritten):" >&2
  echo "$left" >&2
  exit 1
fi
echo "Citations rewritten to docs/ in ${#files[@]} files."
