#!/usr/bin/env bash
# The README's test command: installs what the tests need on a fresh Debian machine
# (Debian's Chromium for the journeys, the npm packages) and runs every check (`npm test`).
set -uo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's Chromium for the browser journeys..."
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null \
    || { echo "Could not install chromium with apt-get"; echo "0 passed, 1 failed"; exit 1; }
fi

# A clean install on CI and on a fresh clone. Elsewhere, packages that `npm ci` installed after the
# lockfile last changed are kept, so that a shop still running from scripts/start.sh keeps its
# node_modules.
if [ "${SKIP_INSTALL:-0}" != "1" ]; then
  if [ -z "${CI:-}" ] && [ node_modules/.package-lock.json -nt package-lock.json ]; then
    echo "node_modules matches package-lock.json: not reinstalling (CI=1 forces a clean install)."
  else
    npm ci --no-audit --no-fund || { echo "npm ci failed"; echo "0 passed, 1 failed"; exit 1; }
  fi
fi

npm test
