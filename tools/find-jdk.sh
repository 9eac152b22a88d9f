# Sourced by ./jbang and build.sh: finds a JDK 25 or newer.
# find_jdk25 prints its home, or nothing: $JAVA_HOME first when it is 25+, then the
# newest under /usr/lib/jvm, ~/.sdkman/candidates/java and /Library/Java/JavaVirtualMachines.

java_major() { # the feature version of the java in JDK home $1, or nothing
  [ -x "$1/bin/java" ] || return 0
  # Every JDK since 9 names its version in `release`: no JVM to start (JDK 8's "1.8.0" gives 1).
  local v
  v="$(sed -n 's/^JAVA_VERSION="\([0-9][0-9]*\).*/\1/p' "$1/release" 2>/dev/null || true)"
  if [ -n "$v" ]; then printf '%s\n' "$v"; return 0; fi
  # Read it whole first: a pipe that closes early would kill a caller running with pipefail.
  local settings
  settings="$("$1/bin/java" -XshowSettings:properties -version 2>&1 || true)"
  printf '%s\n' "$settings" | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p'
}

find_jdk25() {
  local v
  if [ -n "${JAVA_HOME:-}" ]; then
    v="$(java_major "$JAVA_HOME")"
    if [ -n "$v" ] && [ "$v" -ge 25 ]; then printf '%s' "$JAVA_HOME"; return; fi
  fi
  local dir best="" bestv=0
  # COURSE_JDK_DIRS (space-separated globs) replaces the usual places, e.g. for tests.
  local dirs="${COURSE_JDK_DIRS:-/usr/lib/jvm/* $HOME/.sdkman/candidates/java/* /Library/Java/JavaVirtualMachines/*/Contents/Home}"
  for dir in $dirs; do
    [ -d "$dir" ] && [ ! -L "$dir" ] || continue
    v="$(java_major "$dir")"
    if [ -n "$v" ] && [ "$v" -ge 25 ] && [ "$v" -gt "$bestv" ]; then best="$dir"; bestv="$v"; fi
  done
  printf '%s' "$best"
}
