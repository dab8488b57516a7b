/**
 * How the static build is published: Google Cloud Storage in asia-southeast1 (Singapore)
 * behind an HTTPS load balancer with Cloud CDN, which adds the security headers. The
 * Content-Security-Policy itself ships in index.html (scripts/csp.ts); frame-ancestors cannot
 * be set by a meta tag, so the load balancer sends it.
 */
export const securityHeaders: readonly (readonly [string, string])[] = [
  ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Permissions-Policy', 'camera=(self), microphone=(), geolocation=(), payment=()'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['X-Frame-Options', 'DENY'],
  ['Content-Security-Policy', "frame-ancestors 'none'"],
];

export function deployScript(): string {
  const headerFlags = securityHeaders
    .map(([name, value]) => `  --custom-response-header="${name}: ${value}" \\`)
    .join('\n');
  return `#!/usr/bin/env bash
# Publishes the shop to Google Cloud: asia-southeast1 (Singapore).
set -euo pipefail

PROJECT_ID="\${PROJECT_ID:?set PROJECT_ID}"
BUCKET="gs://\${BUCKET_NAME:?set BUCKET_NAME}"
BACKEND_BUCKET="\${BACKEND_BUCKET:-esim-shop-static}"
REGION="asia-southeast1"

# 1. Every check must pass: types, lint, format, unit tests, byte budget, journeys.
npm ci
npm test

# 2. Production build (VITE_* values are public and end up in the bundle).
npm run build

# 3. Upload: hashed assets first, index.html last, so that no visitor gets an index.html whose
#    chunks are not there yet. Nothing is deleted on upload: a visitor who opened the shop before
#    this deploy still loads the lazy chunks of the old version. Hashed assets that this build
#    does not use are removed once they are older than KEEP_ASSET_DAYS.
KEEP_ASSET_DAYS="\${KEEP_ASSET_DAYS:-30}"
gcloud storage buckets describe "$BUCKET" --project="$PROJECT_ID" >/dev/null 2>&1 ||
  gcloud storage buckets create "$BUCKET" --project="$PROJECT_ID" \\
    --location="$REGION" --uniform-bucket-level-access
gcloud storage rsync dist/assets "$BUCKET/assets" --recursive
gcloud storage objects update "$BUCKET/assets/**" \\
  --cache-control="public, max-age=31536000, immutable"
gcloud storage rsync dist "$BUCKET" --recursive --exclude='^(assets/|index\\.html$)'
gcloud storage cp dist/index.html "$BUCKET/index.html" --cache-control="no-cache"

CUTOFF="$(date -u -d "-\${KEEP_ASSET_DAYS} days" +%s)"
gcloud storage ls --long "$BUCKET/assets/**" |
  while read -r _size created url; do
    [[ "$url" == gs://* ]] || continue # the TOTAL line
    [[ -e "dist/assets/\${url##*/}" ]] && continue # used by this build
    (( $(date -u -d "$created" +%s) < CUTOFF )) && echo "$url"
  done |
  gcloud storage rm --read-paths-from-stdin --continue-on-error || true

# 4. Security headers on every response, sent by the load balancer (Cloud CDN enabled).
gcloud compute backend-buckets update "$BACKEND_BUCKET" --project="$PROJECT_ID" \\
${headerFlags}
  --enable-cdn

echo "Deployed to $BUCKET ($REGION)"
`;
}
