# shellcheck shell=bash
# Sourced by scripts/start.sh and scripts/test-all.sh (issue #25): puts a Node.js that satisfies
# package.json's `engines` first on PATH for every step after it (npm ci, the tests, the build,
# the server). The machine's `node` when it is new enough; otherwise Node 24 LTS from the npm
# registry (the package node-<platform>-<arch>@24, the official binary in a registry package),
# unpacked into .node/ in the project (gitignored) and reused from then on. Only that folder
# changes: the machine's own node is left as it is.

use_node() {
  local root required have platform arch package tarball
  root="$(pwd)"
  # engines.node is ">=N" (N the lowest supported major).
  required=$(sed -n 's/.*"node": *">= *\([0-9][0-9]*\).*/\1/p' package.json | head -1)
  required="${required:-24}"
  node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

  if command -v node >/dev/null 2>&1 && [ "$(node_major node)" -ge "$required" ]; then
    return 0
  fi
  if [ -x "$root/.node/bin/node" ] && [ "$(node_major "$root/.node/bin/node")" -ge "$required" ]; then
    export PATH="$root/.node/bin:$PATH"
    echo "Using Node.js $(node --version) from .node/ (the machine's node is older than $required)."
    return 0
  fi

  case "$(uname -s)" in
    Linux) platform=linux ;;
    Darwin) platform=darwin ;;
    *) echo "No Node.js >= $required here; install Node.js $required LTS from https://nodejs.org/ (see README)."; return 1 ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "No Node.js >= $required package for $(uname -m); install Node.js $required LTS from https://nodejs.org/."; return 1 ;;
  esac
  package="node-${platform}-${arch}@${required}"
  if ! command -v npm >/dev/null 2>&1; then
    echo "No Node.js >= $required and no npm to fetch it: install Node.js $required LTS from https://nodejs.org/ (see README)."
    return 1
  fi
  echo "The machine's node is $(node --version 2>/dev/null || echo missing); installing Node.js $required ($package from the npm registry) into .node/ ..."
  rm -rf "$root/.node.tmp" && mkdir -p "$root/.node.tmp"
  tarball=$(cd "$root/.node.tmp" && npm pack "$package" --silent 2>/dev/null | tail -1) || tarball=""
  if [ -z "$tarball" ] || [ ! -f "$root/.node.tmp/$tarball" ]; then
    rm -rf "$root/.node.tmp"
    echo "Could not fetch $package from the npm registry."
    return 1
  fi
  # The package holds the official build: package/bin/node (npm itself is not in it; the
  # machine's npm runs on this node once it is first on PATH).
  tar xzf "$root/.node.tmp/$tarball" -C "$root/.node.tmp" package/bin/node package/LICENSE || return 1
  rm -rf "$root/.node" && mkdir -p "$root/.node/bin"
  mv "$root/.node.tmp/package/bin/node" "$root/.node/bin/node"
  mv "$root/.node.tmp/package/LICENSE" "$root/.node/LICENSE"
  rm -rf "$root/.node.tmp"
  export PATH="$root/.node/bin:$PATH"
  echo "Using Node.js $(node --version) from .node/."
}
