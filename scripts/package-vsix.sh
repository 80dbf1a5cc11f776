#!/usr/bin/env bash
# Packs dist/ into intent-lens-<version>.vsix with @vscode/vsce. vsce needs Node >= 22, the project
# builds on Node 20: vsce is installed once into .tools/vsce (ignored, scripts/setup-tools.sh) and run with
# .tools' Node 24.
# `npm run package` builds (minified) first; this script expects dist/ to exist.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
N24="$ROOT/.tools/node24/node_modules/node/bin"
VSCE="$ROOT/.tools/vsce/node_modules/@vscode/vsce/vsce"
# setup-tools.sh installs Node 24 and vsce (pinned there) when missing; it does nothing otherwise.
{ [ -x "$N24/node" ] && [ -f "$VSCE" ]; } || bash "$ROOT/scripts/setup-tools.sh"
[ -f "$ROOT/dist/extension.js" ] || { echo "[package] dist/extension.js missing: run node scripts/build.mjs --minify" >&2; exit 1; }
cd "$ROOT"
# --no-dependencies: everything is bundled into dist/; .vscodeignore keeps the package minimal.
# No skip or allow flags: a warning from vsce (missing LICENSE, repository, icon…) fails the package.
VERSION=$("$N24/node" -p "require('./package.json').version")
# INTENT_LENS_VSIX_OUT: where to write it (the installed e2e suite packs into its temp folder).
OUT="${INTENT_LENS_VSIX_OUT:-$ROOT/intent-lens-$VERSION.vsix}"
LOG=$(mktemp)
PATH="$N24:$PATH" "$N24/node" "$VSCE" package --no-dependencies --out "$OUT" "$@" 2>&1 | tee "$LOG"
if grep -qi 'warning' "$LOG"; then rm -f "$LOG"; echo "[package] vsce printed a warning (above)" >&2; exit 1; fi
rm -f "$LOG"
# The size budget and the files an installed extension needs (scripts/check-vsix.mjs).
"$N24/node" "$ROOT/scripts/check-vsix.mjs" "$OUT"
