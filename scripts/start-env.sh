# Sourced by scripts/start.sh (and its test): the ports and the addresses that follow from them.
# SHOP_PORT moves the shop; the API then admits that origin (SHOP_ORIGINS) and writes it into the
# order links of its emails (SHOP_URL), unless they are set already (issue #24).
export PORT="${PORT:-8787}" HOST="${HOST:-127.0.0.1}" DATA_DIR="${DATA_DIR:-.data}"
SHOP_PORT="${SHOP_PORT:-5173}"
export SHOP_ORIGINS="${SHOP_ORIGINS:-http://127.0.0.1:${SHOP_PORT}}"
export SHOP_URL="${SHOP_URL:-http://127.0.0.1:${SHOP_PORT}}"
API_URL="http://127.0.0.1:${PORT}"
