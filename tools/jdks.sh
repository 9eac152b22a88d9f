#!/usr/bin/env bash
# tools/jdks.sh N: prints the path of a `java` of JDK N (21, 25, 27...), for a run that names
# its JDK (`jdk: 21` in a lesson's runs). It looks, in this order, at:
#   1. $JDK<N>_HOME (JDK21_HOME, JDK27_HOME...), then $JAVA_HOME when it is that release;
#   2. the usual install places: /usr/lib/jvm/*, ~/.sdkman/candidates/java/*, ~/.jdks/*,
#      /Library/Java/JavaVirtualMachines/*/Contents/Home (COURSE_JDK_DIRS replaces them);
#   3. a Debian root the course made before in .cache/jdks/ (below).
# Where none has it, and only as root on Linux with apt (the Debian registry reachable), it
# makes that root once: Debian 13 (trixie) from debootstrap with openjdk-21, and Debian
# unstable (sid) added for newer releases (openjdk-26, -27), since Debian 12 has neither and
# their glibc is newer than Debian 12's. The path it prints is then a small script that runs
# the root's java in a mount namespace of its own (unshare), with the course folder, /tmp,
# /dev, /proc and /sys mounted inside; the mounts end with the program. COURSE_NO_FETCH=1
# forbids making the root. Exit 1, with one message saying what to do, when there is no JDK N.
#
# tools/jdks.sh --run N COMMAND [ARGS...] runs COMMAND from the current folder with JAVA_HOME
# (and PATH) set to JDK N: on this machine for an installed JDK, in the Debian root for the
# course's own (for example `tools/jdks.sh --run 27 ./jbang fanout`, as a reader on JDK 27).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=tools/find-jdk.sh
. "$root/tools/find-jdk.sh"

run=""
if [ "${1:-}" = --run ]; then run=yes; shift; fi
feature="${1:-}"
[ $# -gt 0 ] && shift
case "$feature" in
  ''|*[!0-9]*) echo "usage: tools/jdks.sh FEATURE-RELEASE  |  tools/jdks.sh --run FEATURE-RELEASE COMMAND...   (for example: tools/jdks.sh 21)" >&2; exit 2 ;;
esac
if [ -n "$run" ] && [ $# -eq 0 ]; then echo "usage: tools/jdks.sh --run FEATURE-RELEASE COMMAND...   (no command given)" >&2; exit 2; fi

cache="$root/.cache/jdks"
debian="$cache/debian"          # the Debian root
suite=trixie                    # Debian 13: glibc 2.41, openjdk-21 and -25
newer=sid                       # Debian unstable: openjdk-26 and -27

say() { echo "jdks: $*" >&2; }

# 1. and 2.: a JDK installed on this machine.
installed() {
  local var="JDK${feature}_HOME" dir
  if [ -n "${!var:-}" ]; then
    if [ "$(java_major "${!var}")" = "$feature" ]; then printf '%s\n' "${!var}/bin/java"; return 0; fi
    echo "error: $var is ${!var}, which is not a JDK $feature (no bin/java of release $feature there)." >&2
    echo "  Point it at the home folder of a JDK $feature, or unset it." >&2
    return 3
  fi
  if [ -n "${JAVA_HOME:-}" ] && [ "$(java_major "$JAVA_HOME")" = "$feature" ]; then
    printf '%s\n' "$JAVA_HOME/bin/java"; return 0
  fi
  local dirs="${COURSE_JDK_DIRS:-/usr/lib/jvm/* $HOME/.sdkman/candidates/java/* $HOME/.jdks/* /Library/Java/JavaVirtualMachines/*/Contents/Home}"
  for dir in $dirs; do
    [ -d "$dir" ] && [ ! -L "$dir" ] || continue
    if [ "$(java_major "$dir")" = "$feature" ]; then printf '%s\n' "$dir/bin/java"; return 0; fi
  done
  return 1
}

arch() { dpkg --print-architecture 2>/dev/null || echo amd64; }

# The root's JDK home for this release (Debian's layout).
root_home() { printf '%s\n' "/usr/lib/jvm/java-$feature-openjdk-$(arch)"; }

# The script that runs the root's java, written once per release.
launcher() { printf '%s\n' "$cache/java$feature"; }

write_launcher() {
  local file="$cache/in-root"
  cat > "$file.tmp" <<EOF
#!/bin/sh
# Runs a command in the Debian root $debian (made by tools/jdks.sh), from the current folder,
# which must be inside $root or /tmp (the only host folders mounted there, with the Maven
# repository ~/.m2 that JBang resolves //DEPS into), in a private mount namespace: nothing
# stays mounted afterwards.
here="\$(pwd)"
case "\$here" in
  "$root"|"$root"/*|/tmp|/tmp/*) ;;
  *) echo "error: the course's Debian root sees only $root and /tmp; run this from there (you are in \$here)" >&2; exit 2 ;;
esac
exec unshare -m --propagation private sh -c '
  r="\$1" c="\$2" d="\$3"; shift 3
  mount -t proc proc "\$r/proc" && mount --rbind /dev "\$r/dev" && mount --rbind /sys "\$r/sys" \\
    && mkdir -p "\$r\$c" && mount --bind "\$c" "\$r\$c" && mount --bind /tmp "\$r/tmp" \\
    && { [ ! -d "\$HOME/.m2" ] || { mkdir -p "\$r\$HOME/.m2" && mount --bind "\$HOME/.m2" "\$r\$HOME/.m2"; }; } \\
    && exec chroot "\$r" /bin/sh -c '"'"'cd "\$0" && exec "\$@"'"'"' "\$d" "\$@"
' sh "$debian" "$root" "\$here" "\$@"
EOF
  chmod +x "$file.tmp"
  mv "$file.tmp" "$file"
  file="$(launcher)"
  cat > "$file.tmp" <<EOF
#!/bin/sh
# JDK $feature's java in the course's Debian root (tools/jdks.sh).
exec "$cache/in-root" "$(root_home)/bin/java" "\$@"
EOF
  chmod +x "$file.tmp"
  mv "$file.tmp" "$file"
}

in_root() { # runs a command in the root with /proc mounted (package scripts start java), unmounted after
  unshare -m --propagation private sh -c 'r="$1"; shift; mount -t proc proc "$r/proc" && exec chroot "$r" "$@"' sh "$debian" "$@"
}

# Why the course cannot make the root here, or nothing.
cannot_provision() {
  [ "${COURSE_NO_FETCH:-}" = 1 ] && { echo "COURSE_NO_FETCH=1 forbids it"; return; }
  [ "$(uname -s)" = Linux ] || { echo "it needs Linux"; return; }
  [ "$(id -u)" -eq 0 ] || { echo "it needs root (it runs debootstrap, unshare and chroot)"; return; }
  command -v apt-get >/dev/null 2>&1 || { echo "it needs apt-get (Debian or Ubuntu)"; return; }
  command -v unshare >/dev/null 2>&1 || { echo "it needs unshare (util-linux)"; return; }
  true
}

# The mirror this machine's own apt sources name, so the root comes from the same registry.
mirror() {
  local m=""
  [ -f /etc/apt/sources.list.d/debian.sources ] && m="$(sed -n 's/^URIs: *\([^ ]*\).*/\1/p' /etc/apt/sources.list.d/debian.sources | grep -v security | head -1)"
  [ -z "$m" ] && [ -f /etc/apt/sources.list ] && m="$(awk '$1 == "deb" && $2 !~ /security/ { print $2; exit }' /etc/apt/sources.list)"
  printf '%s\n' "${m:-http://deb.debian.org/debian}"
}

make_root() {
  local log="$cache/provision.log" tmp="$debian.tmp-$$" m
  m="$(mirror)"
  if ! command -v debootstrap >/dev/null 2>&1; then
    say "installing debootstrap (Debian package)..."
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap; } >>"$log" 2>&1 \
      || { tail -20 "$log" >&2; echo "error: apt-get could not install debootstrap (log: $log)" >&2; exit 1; }
  fi
  say "making a Debian 13 root with openjdk-21 in .cache/jdks/debian from $m (once; about a minute)..."
  rm -rf "$debian".tmp-*
  if ! debootstrap --variant=minbase --include=openjdk-21-jdk-headless "$suite" "$tmp" "$m" >>"$log" 2>&1; then
    tail -20 "$log" >&2
    grep "$tmp" /proc/mounts | awk '{ print $2 }' | sort -r | xargs -r umount -l 2>/dev/null || true
    rm -rf "$tmp"
    echo "error: debootstrap could not make the root (log: $log)" >&2; exit 1
  fi
  cp /etc/resolv.conf "$tmp/etc/resolv.conf" 2>/dev/null || true
  # Packages of releases newer than trixie's; the mirror may be a dated snapshot whose Release
  # file has expired, hence Check-Valid-Until=false.
  echo "deb $m $newer main" > "$tmp/etc/apt/sources.list.d/$newer.list"
  echo 'Acquire::Check-Valid-Until "false";' > "$tmp/etc/apt/apt.conf.d/99course"
  rm -rf "$tmp"/var/cache/apt/archives/*.deb
  mv "$tmp" "$debian"
}

install_release() {
  local log="$cache/provision.log"
  say "installing openjdk-$feature-jdk-headless (Debian $suite/$newer) in .cache/jdks/debian..."
  if ! { in_root apt-get update -qq && in_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "openjdk-$feature-jdk-headless"; } >>"$log" 2>&1; then
    tail -20 "$log" >&2
    echo "error: Debian has no openjdk-$feature-jdk-headless that installs here (log: $log)." >&2
    echo "  Install a JDK $feature yourself and set JDK${feature}_HOME to its home folder." >&2
    exit 1
  fi
  in_root apt-get clean >>"$log" 2>&1 || true   # the downloaded packages: half a gigabyte
}

not_found() {
  echo "error: this needs JDK $feature, and none was found: not in \$JDK${feature}_HOME or \$JAVA_HOME," >&2
  echo "  nor in /usr/lib/jvm, ~/.sdkman/candidates/java, ~/.jdks or /Library/Java/JavaVirtualMachines." >&2
  echo "  Install one (any vendor; SDKMAN: sdk list java) and point the course at it: export JDK${feature}_HOME=/path/to/jdk-$feature" >&2
  [ -n "$1" ] && echo "  (The course makes one itself in .cache/jdks as root on Debian or Ubuntu; here not: $1.)" >&2
  exit 1
}

# Runs the command of --run with the JDK home $1 as JAVA_HOME; in the root for the course's own.
run_with() {
  local home="$1"; shift
  if [ "$home" = "$debian$(root_home)" ]; then
    exec "$cache/in-root" env JAVA_HOME="$(root_home)" PATH="$(root_home)/bin:/usr/sbin:/usr/bin:/sbin:/bin" "$@"
  fi
  JAVA_HOME="$home" PATH="$home/bin:$PATH" exec "$@"
}

rc=0
java="$(installed)" || rc=$?
[ "$rc" -eq 3 ] && exit 1
if [ "$rc" -ne 0 ]; then
  # ready, and written for this folder (a course folder moved or copied gets its scripts again)
  if [ -x "$debian$(root_home)/bin/java" ] && [ -x "$(launcher)" ] && [ -x "$cache/in-root" ] && grep -qF "$cache/in-root" "$(launcher)"; then
    java="$(launcher)"
  else
    why="$(cannot_provision)"
    [ -z "$why" ] || not_found "$why"
    mkdir -p "$cache"
    exec 9>"$cache/.lock"
    flock 9   # one provisioning at a time; a second caller then finds the JDK ready
    if [ ! -x "$debian$(root_home)/bin/java" ]; then
      [ -d "$debian" ] || make_root
      [ -x "$debian$(root_home)/bin/java" ] || install_release
    fi
    write_launcher
    (cd "$root" && "$(launcher)" -version) >/dev/null 2>&1 || { echo "error: JDK $feature in .cache/jdks/debian does not start: $(launcher) -version" >&2; exit 1; }
    java="$(launcher)"
    exec 9>&-
  fi
fi
if [ -n "$run" ]; then
  if [ "$java" = "$(launcher)" ]; then run_with "$debian$(root_home)" "$@"; fi
  run_with "$(dirname "$(dirname "$java")")" "$@"
fi
printf '%s\n' "$java"
