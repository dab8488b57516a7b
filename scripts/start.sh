#!/usr/bin/env bash
# The README's first command: install the packages and run the shop on http://127.0.0.1:5173/.
# With no VITE_GEMINI_API_KEY (in the environment or .env.local) it runs in the announced demo mode.
set -euo pipefail
cd "$(dirname "$0")/.."
npm ci --no-audit --no-fund
exec npm start
