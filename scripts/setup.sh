#!/usr/bin/env bash
# Installs every Debian package hexfront needs to build, test and run, then the web
# UI's npm packages, and builds the UI (web/dist, served by `hexfront serve`).
# Safe to run again: apt-get skips what is already installed, npm ci runs only when
# package-lock.json changed.
set -euo pipefail
PACKAGES=(
  build-essential cmake pkg-config python3
  nlohmann-json3-dev libcli11-dev libfmt-dev libspdlog-dev
  libgtest-dev libgmock-dev libbenchmark-dev librapidcheck-dev
  libsqlite3-dev libcpp-httplib-dev libssl-dev zlib1g-dev libbrotli-dev
  libboost-graph-dev
  librsvg2-bin
  chromium
)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

# Node.js: any node already on the PATH will do (18 or newer); else Debian's.
if ! command -v node >/dev/null 2>&1; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -q
  $SUDO apt-get install -y -q --no-install-recommends nodejs npm
fi

# The UI's packages, exactly as locked, and the UI build.
cd "$(dirname "$0")/../web"
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
npm run --silent build
