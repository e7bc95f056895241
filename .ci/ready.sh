#!/usr/bin/env bash
# Makes this machine ready for archex: Debian packages, then npm dependencies.
#   ready.sh         what `npm start` needs (Emscripten, CMake, Ninja, g++)
#   ready.sh --test  plus what `npm test` needs (GoogleTest, Chromium, fonts for screenshots in
#                    Latin and Japanese, PostgreSQL's programs, with which the class server's tests
#                    make a cluster, and Python's venv and headers, with which the Python package is
#                    built and tested)
# As root it installs what is missing; otherwise it stops with the one command to run.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(emscripten cmake ninja-build g++)
if [[ "${1:-}" == "--test" ]]; then
  packages+=(libgtest-dev chromium fonts-liberation fonts-noto-cjk postgresql python3-venv python3-dev)
fi

node_ok=$(node -e 'const [a,b]=process.versions.node.split(".").map(Number); console.log(a>20||(a===20&&b>=19)?1:0)')
if [[ "$node_ok" != 1 ]]; then
  echo "archex needs Node >= 20.19 (found $(node --version)); Debian's nodejs 18 is too old." >&2
  exit 1
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} > 0)); then
  if [[ $(id -u) -ne 0 ]]; then
    echo "archex needs Debian packages: run  sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  echo "Installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get -o DPkg::Lock::Timeout=600 update -qq
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# npm ci when node_modules is missing or older than the lock file.
if [[ ! -f node_modules/.package-lock.json || package-lock.json -nt node_modules/.package-lock.json ]]; then
  npm ci --no-audit --no-fund
fi
