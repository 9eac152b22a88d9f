# Sourced by ./jbang: a program with a //PREVIEW line uses a preview API of the release its
# //JAVA line names (FanOut: JDK 25's StructuredTaskScope). A preview API may change in any
# later release (JEP 12), so on another JDK javac may refuse the program with errors that do
# not say why. Before ./jbang runs such an alias on another release, it builds it; when that
# build fails, it prints one line saying which JDK the program needs and why, instead of
# javac's errors (COURSE_VERBOSE=1 shows them). A build that works runs as usual.

# The release whose preview API ALIAS's program uses, when JAVA_HOME is another; else nothing.
preview_release_other_than_java_home() {
  local alias="$1" ref release
  ref="$(sed -n "/^    \"$alias\": {/,/^    }/p" "$here/jbang-catalog.json" 2>/dev/null | sed -n 's/.*"script-ref": *"\([^"]*\)".*/\1/p')"
  [ -n "$ref" ] && [ -f "$here/$ref" ] || return 0
  grep -qE '^//PREVIEW([^[:alnum:]_]|$)' "$here/$ref" || return 0
  release="$(sed -n 's#^//JAVA \([0-9][0-9]*\).*#\1#p' "$here/$ref" | head -1)"
  if [ -n "$release" ] && [ "$release" != "$(java_major "$JAVA_HOME")" ]; then printf '%s\n' "$release"; fi
}

# preview_guard ALIAS BUILD-COMMAND...: when ALIAS's program uses another release's preview API
# and BUILD-COMMAND (JBang's `build ALIAS`) fails to compile it, says so in one line and exits 1.
preview_guard() {
  local alias="$1"; shift
  local release log
  release="$(preview_release_other_than_java_home "$alias")"
  [ -n "$release" ] || return 0
  log="$(mktemp)"
  if "$@" >"$log" 2>&1; then rm -f "$log"; return 0; fi
  if ! grep -q "Error during compile" "$log"; then cat "$log" >&2; rm -f "$log"; return 0; fi   # not javac: let the run say
  [ -n "${COURSE_VERBOSE:-}" ] && cat "$log" >&2
  rm -f "$log"
  echo "./jbang: $alias uses a preview API of JDK $release, and preview APIs change from one release to the next (JEP 12), so javac refused it on this JDK $(java_major "$JAVA_HOME"); run it with JDK $release: JAVA_HOME=/path/to/jdk-$release ./jbang $alias   (COURSE_VERBOSE=1 shows javac's errors)" >&2
  exit 1
}
