#!/usr/bin/env bash
# Installs what `./build.sh test` needs beyond JDK 25 and JBang: Chromium and its driver
# (Debian packages) for the browser tests. Does nothing when they are already there.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
command -v setpriv >/dev/null 2>&1 || need+=(util-linux)
command -v prlimit >/dev/null 2>&1 || need+=(util-linux)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -ne 0 ] && ! command -v sudo >/dev/null 2>&1; then
    echo "error: the tests need ${need[*]}; install them (Debian/Ubuntu: apt-get install ${need[*]})" >&2
    exit 1
  fi
  sudo_=""; [ "$(id -u)" -ne 0 ] && sudo_="sudo"
  echo "installing ${need[*]} (Debian packages) for the tests..." >&2
  $sudo_ apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y -qq "${need[@]}" >&2
fi
