#!/usr/bin/env bash
# Installs tinwar's Debian build and test dependencies when they are missing.
set -euo pipefail
pkgs=(build-essential cmake pkg-config clang libclang-rt-14-dev libjansson-dev libsqlite3-dev
      liblua5.4-dev libode-dev libcairo2-dev libcivetweb-dev libsodium-dev libcmocka-dev sqlite3 curl)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "tinwar: installing ${missing[*]}" >&2
SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
