#!/usr/bin/env bash
# Installs what `./build.sh test` needs beyond JDK 25 and JBang: Chromium and its driver
# (Debian packages) for the browser tests, setpriv/prlimit for the thread-limit test, and
# the Nu HTML Checker. Does nothing when they are already there.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

apt_install() { # Debian packages, as root or through sudo
  if [ "$(id -u)" -ne 0 ] && ! command -v sudo >/dev/null 2>&1; then
    echo "error: the tests need $*; install them (Debian/Ubuntu: apt-get install $*)" >&2
    exit 1
  fi
  local sudo_=""; [ "$(id -u)" -ne 0 ] && sudo_="sudo"
  echo "installing $* (Debian packages) for the tests..." >&2
  # One line when it works; apt's own output only when it fails.
  local log; log="$(mktemp)"
  if ! { $sudo_ apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y -qq "$@"; } >"$log" 2>&1; then
    tail -30 "$log" >&2
    rm -f "$log"
    echo "error: apt-get could not install $*" >&2
    exit 1
  fi
  rm -f "$log"
}

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
{ command -v setpriv && command -v prlimit; } >/dev/null 2>&1 || need+=(util-linux)
[ ${#need[@]} -eq 0 ] || apt_install "${need[@]}"

# The Nu HTML Checker, as the jar the npm package vnu-jar ships (its download script is not
# needed: JDK 25 runs the jar). Kept in .cache/npm, which git ignores.
VNU_VERSION=26.9.27
vnu="$root/.cache/npm/node_modules/vnu-jar/build/dist/vnu.jar"
if [ ! -s "$vnu" ] || ! grep -q "\"version\": \"$VNU_VERSION\"" "$root/.cache/npm/node_modules/vnu-jar/package.json" 2>/dev/null; then
  command -v npm >/dev/null 2>&1 || apt_install npm
  echo "installing the Nu HTML Checker (npm vnu-jar@$VNU_VERSION) into .cache/npm..." >&2
  mkdir -p "$root/.cache/npm"
  npm install --prefix "$root/.cache/npm" --ignore-scripts --no-audit --no-fund --loglevel=error "vnu-jar@$VNU_VERSION" >&2
  [ -s "$vnu" ] || { echo "error: npm did not install $vnu" >&2; exit 1; }
fi
