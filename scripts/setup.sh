#!/usr/bin/env bash
# Installs every Debian package hexfront needs to build, test and run.
# Safe to run again: apt-get skips what is already installed.
set -euo pipefail
PACKAGES=(
  build-essential cmake pkg-config python3
  nlohmann-json3-dev libcli11-dev libfmt-dev libspdlog-dev
  libgtest-dev libgmock-dev libbenchmark-dev librapidcheck-dev
  libsqlite3-dev libcpp-httplib-dev libssl-dev zlib1g-dev libbrotli-dev
  libboost-graph-dev
  librsvg2-bin
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
