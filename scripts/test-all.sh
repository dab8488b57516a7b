#!/usr/bin/env bash
# The README's test command: installs what the tests need on a fresh Debian machine
# (Debian's Chromium and its headless shell for the journeys, Debian's PostgreSQL for the
# server's tests, the npm packages) and runs every check (`npm test`).
set -uo pipefail
cd "$(dirname "$0")/.."

# Debian's Chromium: its headless shell drives the journeys (lighter than the whole browser,
# decision 108), the whole browser runs Lighthouse (`npm run bench:lcp`). Without the shell (it
# could not be installed) the journeys run in the whole browser.
# Root's commands (apt, PostgreSQL's cluster tools) through sudo when not run as root.
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
apt_install() {
  $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null
}
if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's chromium for the browser journeys..."
  apt_install chromium \
    || { echo "Could not install chromium with apt-get"; echo "0 passed, 1 failed"; exit 1; }
fi
if [ ! -x /usr/bin/chromium-headless-shell ]; then
  echo "Installing Debian's chromium-headless-shell for the browser journeys..."
  apt_install chromium-headless-shell \
    || echo "Could not install chromium-headless-shell: the journeys run in chromium."
fi

# A Node.js that satisfies package.json's engines (Node 24 LTS fetched into .node/ when the
# machine's node is older), first on PATH for every step below.
# shellcheck source=scripts/use-node.sh
. scripts/use-node.sh
use_node || { echo "0 passed, 1 failed"; exit 1; }
echo "Node.js $(node --version), npm $(npm --version)"

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

# The server's tests run twice: on PGlite, and on a real PostgreSQL that this script starts
# (Debian's `postgresql`, installed when missing) and stops again at the end if it started it.
# A TEST_DATABASE_URL already set in the environment is used as it is.
PG_STARTED=""
stop_postgres() {
  if [ -n "$PG_STARTED" ]; then
    echo "Stopping PostgreSQL $PG_STARTED main..."
    pg_ctlcluster "$PG_STARTED" main stop || true
  fi
}
as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else sudo -u postgres "$@"; fi
}
start_postgres() {
  local version state port
  if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
    echo "Installing Debian's PostgreSQL for the server's tests..."
    apt_install postgresql || return 1
  fi
  version=$(ls /usr/lib/postgresql | sort -V | tail -1)
  if ! pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" { found = 1 } END { exit !found }'; then
    $SUDO pg_createcluster "$version" main >/dev/null || return 1
  fi
  state=$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" { print $4 }')
  if [ "$state" != "online" ]; then
    $SUDO pg_ctlcluster "$version" main start || return 1
    PG_STARTED="$version"
  fi
  port=$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" { print $3 }')
  # TCP access with a password: the tests connect as postgres/postgres on 127.0.0.1.
  as_postgres psql -p "$port" -qXc "ALTER ROLE postgres PASSWORD 'postgres'" >/dev/null || return 1
  export TEST_DATABASE_URL="postgres://postgres:postgres@127.0.0.1:${port}/postgres"
  echo "PostgreSQL $version on port $port for the server's tests."
}
trap stop_postgres EXIT
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  # Without it the PostgreSQL stage fails on CI (scripts/run-all-checks.mjs) and is skipped elsewhere.
  start_postgres || echo "Could not start PostgreSQL: the server's PostgreSQL tests cannot run."
fi

npm test
