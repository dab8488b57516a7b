#!/usr/bin/env bash
# The README's first command: installs the packages, then runs the shop's API (server/, on
# http://127.0.0.1:8787, its PostgreSQL embedded in .data/) and the shop in server mode
# (http://127.0.0.1:5173/) together. Ctrl-C stops both.
# With no GEMINI_API_KEY the API answers the AI calls from the demo script.
set -euo pipefail
cd "$(dirname "$0")/.."
# A Node.js that satisfies package.json's engines, first on PATH for everything below.
# shellcheck source=scripts/use-node.sh
. scripts/use-node.sh
use_node
if [ "${SKIP_INSTALL:-0}" != "1" ]; then npm ci --no-audit --no-fund; fi

# One .env.local configures both wings: the server reads its own variables from it too.
read_local() {
  [ -f .env.local ] || return 0
  grep -E "^$1=" .env.local | tail -1 | cut -d= -f2- | sed -e 's/^["'\'']//' -e 's/["'\'']$//'
}
for key in GEMINI_API_KEY AI_MODE MERCHANT_PAYEE_NAMES DATABASE_URL VITE_MMQR_MERCHANT_ID VITE_MMQR_TERMINAL_ID \
  VITE_MMQR_MERCHANT_NAME VITE_MMQR_MERCHANT_NAME_MY VITE_MMQR_MERCHANT_CITY_MY \
  PAYMENT_METHODS TWOC2P_MERCHANT_ID TWOC2P_SECRET_KEY TWOC2P_CURRENCY TWOC2P_BASE_URL \
  TWOC2P_PAYMENT_CHANNELS KBZPAY_BASE_URL KBZPAY_APP_ID KBZPAY_MERCH_CODE KBZPAY_APP_KEY PUBLIC_API_URL; do
  if [ -z "${!key:-}" ]; then
    value="$(read_local "$key")"
    if [ -n "$value" ]; then export "$key=$value"; fi
  fi
done
# A key written for the static shop moves to the server: the browser gets none in server mode.
if [ -z "${GEMINI_API_KEY:-}" ]; then
  legacy="${VITE_GEMINI_API_KEY:-$(read_local VITE_GEMINI_API_KEY)}"
  if [ -n "$legacy" ]; then
    echo "Using VITE_GEMINI_API_KEY as the server's GEMINI_API_KEY (it stays on the server)."
    export GEMINI_API_KEY="$legacy"
  fi
fi

# The ports, the API's CORS origin and the shop's own address (the order links in emails).
source scripts/start-env.sh

# The shop's dev server starts first: it needs nothing from the API, and it starts while the demo
# stock below is added (both wings serve sooner: `npm run bench:start`).
VITE_API_URL="$API_URL" VITE_GEMINI_API_KEY="" \
  node_modules/.bin/vite --host 127.0.0.1 --port "$SHOP_PORT" --strictPort &
shop=$!
api=""
fakes=""

stop() {
  trap - INT TERM
  kill -TERM $api "$shop" $fakes 2>/dev/null || true
  wait $api "$shop" $fakes 2>/dev/null || true
}
trap 'stop; exit 130' INT TERM

# Without a key the API decides receipts from its demo script: it gets demo eSIM profiles
# (which install nothing), never imported ones (issue #23).
if [ -z "${GEMINI_API_KEY:-}" ]; then
  node --import tsx server/src/cli/stock.ts demo 5 || { status=$?; stop; exit "$status"; }
fi

# No payment provider configured (PAYMENT_METHODS and its keys unset): the test fakes of 2C2P and
# KBZPay run beside the API, so a newcomer can pay by "card" on a clearly labelled test page
# (issue #40). Their keys begin with fake- and the API refuses them anywhere but this machine.
if [ -z "${PAYMENT_METHODS:-}" ] && [ -z "${TWOC2P_SECRET_KEY:-}" ] && [ -z "${KBZPAY_APP_KEY:-}" ]; then
  FAKE_2C2P_PORT="${FAKE_2C2P_PORT:-$((PORT + 3))}"
  FAKE_KBZPAY_PORT="${FAKE_KBZPAY_PORT:-$((PORT + 4))}"
  FAKE_2C2P_PORT="$FAKE_2C2P_PORT" node e2e/support/fake-2c2p.mjs &
  fakes="$fakes $!"
  FAKE_KBZPAY_PORT="$FAKE_KBZPAY_PORT" node e2e/support/fake-kbzpay.mjs &
  fakes="$fakes $!"
  export PAYMENT_METHODS="2c2p,kbzpay"
  export TWOC2P_BASE_URL="http://127.0.0.1:${FAKE_2C2P_PORT}"
  export TWOC2P_MERCHANT_ID="$(node -e "import('./e2e/support/fake-2c2p.mjs').then((m) => console.log(m.FAKE_2C2P_MERCHANT_ID))")"
  export TWOC2P_SECRET_KEY="$(node -e "import('./e2e/support/fake-2c2p.mjs').then((m) => console.log(m.FAKE_2C2P_SECRET_KEY))")"
  export KBZPAY_BASE_URL="http://127.0.0.1:${FAKE_KBZPAY_PORT}"
  export KBZPAY_APP_ID="$(node -e "import('./e2e/support/fake-kbzpay.mjs').then((m) => console.log(m.FAKE_KBZPAY_APP_ID))")"
  export KBZPAY_MERCH_CODE="$(node -e "import('./e2e/support/fake-kbzpay.mjs').then((m) => console.log(m.FAKE_KBZPAY_MERCH_CODE))")"
  export KBZPAY_APP_KEY="$(node -e "import('./e2e/support/fake-kbzpay.mjs').then((m) => console.log(m.FAKE_KBZPAY_APP_KEY))")"
  echo "Payments: the TEST fakes of 2C2P (${TWOC2P_BASE_URL}) and KBZPay (${KBZPAY_BASE_URL}); no real money moves."
fi

node --import tsx server/src/main.ts &
api=$!
echo "The shop: http://127.0.0.1:${SHOP_PORT}/ (server mode)   The API: ${API_URL}/status"

# When either stops by itself, the other stops too.
status=0
wait -n "$api" "$shop" $fakes || status=$?
stop
exit "$status"
